/// Why a code's image cannot be made: it does not fit, or zlib failed.
package enum ImageLayoutError: Error, Equatable, CustomStringConvertible {
    /// Fewer pixels than modules across.
    case tooSmall(size: Int, needed: Int, modules: Int, margin: Int)
    /// zlib could not compress the PNG's pixels (`Z_MEM_ERROR`: no memory for it).
    case compressionFailed(code: Int)

    package var description: String {
        switch self {
        case .tooSmall(let size, let needed, let modules, let margin):
            "a \(size) px image is too small for this code: it needs at least \(needed) px (\(modules) modules and a margin of \(margin) on each side)"
        case .compressionFailed(let code):
            "zlib could not compress the image (error \(code))"
        }
    }
}
