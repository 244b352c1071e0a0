/// How a code fills a square image: the image's side in pixels and the light margin (quiet zone) in modules.
public struct ImageLayout: Sendable, Equatable {
    /// The image's width and height in pixels.
    public let size: Int
    /// The light modules around the code on each side; scanners want 4.
    public let margin: Int

    /// A layout; `check(_:)` says whether a given code fits it.
    public init(size: Int, margin: Int) {
        self.size = size
        self.margin = margin
    }

    /// Modules across the image: the code and its margin on both sides.
    public func span(of code: QRCode) -> Int {
        code.width + 2 * margin
    }

    /// Throws unless every module of `code` gets at least one whole pixel.
    public func check(_ code: QRCode) throws(ImageLayoutError) {
        guard size >= span(of: code) else {
            throw .tooSmall(size: size, needed: span(of: code), modules: code.width, margin: margin)
        }
    }
}

/// Why a code does not fit an image.
public enum ImageLayoutError: Error, Equatable, CustomStringConvertible {
    /// Fewer pixels than modules across.
    case tooSmall(size: Int, needed: Int, modules: Int, margin: Int)

    public var description: String {
        switch self {
        case .tooSmall(let size, let needed, let modules, let margin):
            "a \(size) px image is too small for this code: it needs at least \(needed) px (\(modules) modules and a margin of \(margin) on each side)"
        }
    }
}
