/// How the generated Swift is declared: the access level of its API and the name of its one top-level type.
///
/// Read from `deeplinkd-generator.yaml` beside the table (`SwiftGeneratorOptions(yaml:)`), then overridden by the
/// flags of `deeplinkd generate swift` and `deeplinkd-routes`.
package struct SwiftGeneratorOptions: Sendable, Equatable {
    /// The access level of every declaration of the generated API.
    package enum AccessModifier: String, Sendable, CaseIterable {
        /// Visible in the module that compiles the file (the default): the app's own target.
        case `internal`
        /// Visible to other modules too: a routes module the app's targets import.
        case `public`
    }

    /// The name of the options file the tools look for beside the table.
    package static let fileName = "deeplinkd-generator.yaml"

    /// The access level of the API.
    package var accessModifier: AccessModifier
    /// The one top-level type the file declares; every other generated type is nested in it.
    package var typeName: String

    /// Options; the defaults are `internal` and `DeepLink`.
    package init(accessModifier: AccessModifier = .internal, typeName: String = "DeepLink") {
        self.accessModifier = accessModifier
        self.typeName = typeName
    }

    /// `public ` or nothing: what precedes each declaration of the API.
    var declarationPrefix: String {
        accessModifier == .public ? "public " : ""
    }

    /// Why `typeName` cannot name the generated type, or nil when it can.
    package static func problem(withTypeName typeName: String) -> String? {
        guard SwiftName.isIdentifier(typeName), !SwiftName.keywords.contains(typeName), typeName != "_" else {
            return "typeName '\(typeName)' is not a Swift identifier (ASCII letters, digits and _, not starting with a digit, not a keyword)"
        }
        guard !ReservedNames.topLevel.contains(typeName), !ReservedNames.nestedTypes.contains(typeName) else {
            return "typeName '\(typeName)' is a name the generated code uses itself; choose another (DeepLink, AppLink, ExpresScanLink, …)"
        }
        return nil
    }
}
