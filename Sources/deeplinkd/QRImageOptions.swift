import ArgumentParser
import StickerCodes

/// `qr`'s options for the image: its format, size, margin and error correction.
struct QRImageOptions: ParsableArguments {
    @Option(help: "svg or png (default: png when --output ends in .png, else svg).")
    var format: StickerMaker.Format?

    @Option(help: "The image's width and height in pixels.")
    var size = 512

    @Option(help: "The light margin around the code, in modules (scanners want 4).")
    var margin = 4

    @Option(help: "Error correction: L, M, Q or H (7, 15, 25 or 30 % of the code may be lost).")
    var ecc: ErrorCorrection = .medium

    func validate() throws {
        guard (1...10_000).contains(size) else { throw ValidationError("--size must be from 1 to 10000 pixels") }
        guard (0...64).contains(margin) else { throw ValidationError("--margin must be from 0 to 64 modules") }
    }

    /// How the code fills the image.
    var layout: ImageLayout {
        ImageLayout(size: size, margin: margin)
    }
}
