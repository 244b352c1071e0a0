/// The characters a value of the default table may hold, checked byte by byte as a hand-written parser would.
enum Rule {
    /// `A-Za-z0-9_-`: charger ids, sign-in tokens, public ids.
    case identifier
    /// `A-Za-z0-9._~-`: the OAuth code and state.
    case oauthToken
    /// `!#$&-[\]-~`: the OAuth error and its description (visible ASCII but `"`, `%` and `\`).
    case oauthError

    /// Whether `value` is of these characters only, with a length (in bytes, all ASCII) in `length`.
    func admits(_ value: String, length: ClosedRange<Int>) -> Bool {
        let bytes = value.utf8
        return length.contains(bytes.count) && bytes.allSatisfy(admits)
    }

    /// Whether `byte` is one of these characters.
    func admits(_ byte: UInt8) -> Bool {
        switch self {
        case .identifier:
            isLetterOrDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        case .oauthToken:
            isLetterOrDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "-")
        case .oauthError:
            byte >= 0x21 && byte <= 0x7E && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "\\")
        }
    }

    private func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
