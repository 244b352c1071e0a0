/// How a table name becomes a Swift identifier in generated code, deterministically.
///
/// The name is split at every character that is not an ASCII letter, digit or `_`; the pieces are joined with the
/// first letter of each but the first upper-cased (`sign-in` is `signIn`, `auth/callback` is `authCallback`); a
/// leading digit gets a `_` in front; a Swift keyword is written in backticks. Letters are otherwise kept as written.
package enum SwiftName {
    /// The identifier for `name`, without backticks; nil when the name has no letter, digit or `_`.
    package static func identifier(for name: String) -> String? {
        var result = ""
        var isPieceStart = false
        for scalar in name.unicodeScalars {
            let isWordCharacter = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
            guard isWordCharacter else {
                isPieceStart = !result.isEmpty
                continue
            }
            result += isPieceStart ? String(scalar).uppercased() : String(scalar)
            isPieceStart = false
        }
        guard let first = result.unicodeScalars.first else { return nil }
        return ("0"..."9").contains(first) ? "_" + result : result
    }

    /// `identifier` as it must be written in code: in backticks when it is a keyword.
    package static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Names that cannot be a case of the generated enums even in backticks, or that its members use.
    package static let reservedCaseNames: Set<String> = [
        "init", "self", "Self", "Type", "Protocol", "_", "parse", "universalLink", "appLink", "stack", "action", "notification",
        "hashValue", "hash", "encode", "requiredFeature",
    ]

    /// Names that cannot be a case of `DeepLink` because its extensions write them as values: the types the generated
    /// code calls by name (a case would be found first), and `CodingKeys`, which `Codable` declares inside it.
    package static let reservedRouteNames: Set<String> = [
        "AppState", "DeepLinkTable", "DeepLinkParse", "URL", "NSUserActivityTypeBrowsingWeb", "CodingKeys",
    ]

    /// Names that cannot be a `Notification.Name` constant, even in backticks.
    package static let reservedConstantNames: Set<String> = ["self", "Self", "Type", "Protocol", "_"]

    /// The type `Codable` declares for the values of the `DeepLink` case `identifier` (`SignInCodingKeys` for `signIn`
    /// and `SignIn` alike).
    package static func codingKeysType(of identifier: String) -> String {
        identifier.prefix(1).uppercased() + identifier.dropFirst() + "CodingKeys"
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "super", "throws",
        "true", "try", "package", "consume", "borrowing", "consuming", "some", "any",
    ]
}
