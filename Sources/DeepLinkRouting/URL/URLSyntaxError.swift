/// Why a string is not an absolute URL.
package enum URLSyntaxError: Error, Equatable, CustomStringConvertible {
    case forbiddenCharacter(offset: Int)
    case missingScheme
    case invalidHost
    case invalidPort
    case backslash(offset: Int)
    case dotSegment

    package var description: String {
        switch self {
        case .forbiddenCharacter(let offset): "URL contains a space or control character at byte \(offset)"
        case .missingScheme: "not an absolute URL: no scheme"
        case .invalidHost: "URL has an invalid host"
        case .invalidPort: "URL has a port that is not a number from 0 to 65535"
        case .backslash(let offset): "URL contains a backslash at byte \(offset), which browsers read as '/'"
        case .dotSegment: "URL path has a '.' or '..' segment, which browsers remove before sending it"
        }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
}
