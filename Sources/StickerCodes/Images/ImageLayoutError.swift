/// Why a code does not fit an image.
package enum ImageLayoutError: Error, Equatable, CustomStringConvertible {
    /// Fewer pixels than modules across.
    case tooSmall(size: Int, needed: Int, modules: Int, margin: Int)

    package var description: String {
        switch self {
        case .tooSmall(let size, let needed, let modules, let margin):
            "a \(size) px image is too small for this code: it needs at least \(needed) px (\(modules) modules and a margin of \(margin) on each side)"
        }
    }
}
