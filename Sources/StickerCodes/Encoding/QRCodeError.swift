/// Why a text could not become a QR code.
package enum QRCodeError: Error, Equatable, CustomStringConvertible {
    /// The text does not fit in the largest QR code at this level.
    case tooLong(bytes: Int, ErrorCorrection)
    /// The text holds a NUL byte, which libqrencode's string interface cannot carry.
    case nulByte
    /// libqrencode failed for another reason (its `errno`).
    case encoder(errno: Int32)

    package var description: String {
        switch self {
        case .tooLong(let bytes, let correction):
            "the text is \(bytes) bytes, more than a QR code holds at error correction \(correction.rawValue) (\(correction.capacity) bytes)"
        case .nulByte: "the text contains a NUL byte, which a QR code made by libqrencode cannot carry"
        case .encoder(let errno): "libqrencode failed (errno \(errno))"
        }
    }
}
