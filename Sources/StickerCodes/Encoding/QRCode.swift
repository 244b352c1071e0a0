import CQREncode
import Glibc

/// A QR code as a square of modules, encoded by libqrencode: a value, so the images are written in Swift.
package struct QRCode: Sendable, Equatable {
    /// The QR version (1 to 40): the code is `17 + 4 × version` modules wide.
    package let version: Int
    /// Modules per side, without a margin.
    package let width: Int
    /// Row by row, whether each module is dark.
    let modules: [Bool]

    /// Encodes `text` (all of it, byte for byte) at the smallest version that holds it at `correction`.
    package init(encoding text: String, correction: ErrorCorrection) throws(QRCodeError) {
        guard !text.utf8.contains(0) else { throw .nulByte }
        let level: QRecLevel =
            switch correction {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        // Version 0 lets libqrencode pick the smallest; QR_MODE_8 with case sensitivity keeps every byte as is,
        // while digits and upper-case runs still get the denser numeric and alphanumeric modes.
        errno = 0
        guard let code = QRcode_encodeString(text, 0, level, QR_MODE_8, 1) else {
            let failure = errno
            if failure == ERANGE { throw .tooLong(bytes: text.utf8.count, correction) }
            throw .encoder(errno: failure)
        }
        // Released here, after the modules are copied out: nothing keeps a pointer into it.
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        self.version = Int(code.pointee.version)
        self.width = width
        self.modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module at `row`, `column` (from the top left, both under `width`) is dark.
    package func isDark(row: Int, column: Int) -> Bool {
        modules[row * width + column]
    }
}
