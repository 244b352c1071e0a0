/// How a code fills a square image: the image's side in pixels and the light margin (quiet zone) in modules.
package struct ImageLayout: Sendable, Equatable {
    /// The image's width and height in pixels.
    package let size: Int
    /// The light modules around the code on each side; scanners want 4.
    package let margin: Int

    /// A layout; `check(_:)` says whether a given code fits it.
    package init(size: Int, margin: Int) {
        self.size = size
        self.margin = margin
    }

    /// Modules across the image: the code and its margin on both sides.
    package func span(of code: QRCode) -> Int {
        code.width + 2 * margin
    }

    /// Throws unless every module of `code` gets at least one whole pixel.
    package func check(_ code: QRCode) throws(ImageLayoutError) {
        guard size >= span(of: code) else {
            throw .tooSmall(size: size, needed: span(of: code), modules: code.width, margin: margin)
        }
    }
}
