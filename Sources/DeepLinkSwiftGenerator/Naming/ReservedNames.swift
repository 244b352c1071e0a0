/// The names a table cannot give a route, parameter, state, feature or notification because the generated code, or
/// an app's use of it, would not compile. Each set is what the compiler refuses in that place:
/// Tests/GeneratedCode/test_generated_names.py compiles every other Swift keyword, contextual keyword and member
/// name there, in every configuration, with a caller that uses the whole API.
package enum ReservedNames {
    /// The types nested in the generated type: a case of the same name would be a second declaration of it.
    package static let nestedTypes: Set<String> = ["Route", "AppState", "Feature", "Action", "Parse", "Unmatched", "Notifications", "EmbeddedTable"]

    /// The types and modules the generated code names inside the generated type without qualifying them, which a
    /// case of the same name would hide there.
    static let namedInside: Set<String> = ["String", "Set", "Mirror", "URL", "DecodingError", "EncodingError", "Foundation"]

    /// What a `String`-backed `CaseIterable` enum (`Route`, `AppState`, `Feature`) cannot call a case: its raw type's
    /// name, and `allCases`, which would make `AppState.allCases` ambiguous in the app.
    static let valueEnumMembers: Set<String> = ["RawValue", "allCases"]

    /// What a route cannot be called in generated code whose type is `typeName`: besides the above, `Self`, `Type`
    /// and `Protocol`, which no case can be even in backticks, and the type's own name.
    static func route(typeName: String) -> Set<String> {
        nestedTypes.union(namedInside).union(valueEnumMembers).union(["_", "Self", "Type", "Protocol", typeName])
    }

    /// What a state or feature cannot be called.
    static let value: Set<String> = valueEnumMembers.union(["_"])

    /// What a parameter cannot be called: `_` labels nothing, and `inout` cannot label a value even in backticks.
    static let parameter: Set<String> = ["_", "inout"]

    /// What a notification cannot be called: its constant would hide the module `Foundation` the constants are made
    /// with.
    static let notification: Set<String> = ["_", "Foundation"]

    /// The names of types and modules the generated code uses at the top level of the app's module, which the
    /// generated type's own name must not hide there.
    package static let topLevel: Set<String> = [
        "String", "Bool", "Int", "Set", "Array", "Dictionary", "Optional", "Never", "Error", "Hasher", "Mirror", "URL", "Notification",
        "NSUserActivity", "NSUserActivityTypeBrowsingWeb", "Decoder", "Encoder", "CodingKey", "DecodingError", "EncodingError", "Codable",
        "Hashable", "Sendable", "CaseIterable", "CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable",
        "DeepLinkRouting", "Foundation", "Swift",
    ]
}
