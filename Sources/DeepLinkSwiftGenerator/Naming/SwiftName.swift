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

    /// The escaped identifier of `name`, or `_` for a name without one (`check` refuses those).
    package static func escapedIdentifier(for name: String) -> String {
        escaped(identifier(for: name) ?? "_")
    }

    /// Whether `text` is an identifier as written (a letter or `_`, then letters, digits and `_`, ASCII only).
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// Every word Swift reads as a keyword where the generated code writes a name (a case, a label, a constant), so
    /// the name must be in backticks there.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "super", "throws",
        "true", "try", "package", "consume", "borrowing", "consuming", "some", "any", "self", "Self", "Type", "Protocol",
    ]
}
