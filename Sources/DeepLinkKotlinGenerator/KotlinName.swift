import GeneratedNames

/// How table names become Kotlin names in generated code: the identifier `GeneratedName` makes, as for Swift (`product-detail` is
/// `productDetail`), written in backticks where it is a Kotlin keyword; route classes and enum entries start with
/// an upper-case letter (`ProductDetail`, `SignedOut`), so they never meet a keyword or a member of `Enum`.
package enum KotlinName {
    /// The property (parameter) name, escaped; nil when the name has no letter, digit or `_`.
    package static func property(for name: String) -> String? {
        GeneratedName.identifier(for: name).map(escaped)
    }

    /// The class (route) or enum entry (state, feature) name.
    package static func type(for name: String) -> String? {
        GeneratedName.identifier(for: name).map { $0.prefix(1).uppercased() + $0.dropFirst() }
    }

    /// `identifier` in backticks when Kotlin reserves it (hard, soft and modifier keywords: backticks are always legal).
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The types the generated file declares (and `Companion`, the object `DeepLink` declares): a route class of that name
    /// would hide them.
    package static let reservedTypeNames: Set<String> = [
        "DeepLink", "DeepLinkParse", "DeepLinkUnmatched", "DeepLinkReason", "DeepLinkAppState", "DeepLinkFeature", "DeepLinkAction",
        "DeepLinkWaitReason", "DeepLinkPresentation", "DeepLinkLinks", "DeepLinkTable", "DeepLinkPiece", "DeepLinkParameter", "DeepLinkEntry",
        "DeepLinkRouteData", "Companion",
    ]

    private static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null", "object", "package",
        "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while", "by", "catch", "constructor",
        "delegate", "dynamic", "field", "file", "finally", "get", "import", "init", "param", "property", "receiver", "set", "setparam", "value",
        "where", "abstract", "actual", "annotation", "companion", "const", "crossinline", "data", "enum", "expect", "external", "final",
        "infix", "inline", "inner", "internal", "lateinit", "noinline", "open", "operator", "out", "override", "private", "protected", "public",
        "reified", "sealed", "suspend", "tailrec", "vararg", "it",
    ]
}
