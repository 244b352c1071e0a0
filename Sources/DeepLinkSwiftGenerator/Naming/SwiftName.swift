import GeneratedNames

/// How a table name becomes a Swift identifier in generated code: `GeneratedName`'s identifier, a Swift keyword
/// written in backticks.
package enum SwiftName {
    /// The identifier for `name` (`GeneratedName.identifier`), without backticks; nil when the name has no letter,
    /// digit or `_`.
    package static func identifier(for name: String) -> String? {
        GeneratedName.identifier(for: name)
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
        GeneratedName.isIdentifier(text)
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
