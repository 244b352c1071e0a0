package import DeepLinkAASA
package import DeepLinkRouting
import ServerPlatform

/// A config file read, parsed and checked: the route table, the Android section, and every diagnostic.
package struct Configuration: Sendable {
    /// The validated route table.
    package let table: RouteTable
    /// The Android apps (flavors), in config order; empty when none is configured.
    package let android: [AndroidApp]
    /// The App Store campaigns of the landing pages' store buttons (`stores:`).
    package let stores: StoreSettings
    /// The host of the landing pages' "Open in the app" button (`openInAppDomain:`), one of the table's domains.
    package let openInAppDomain: String?
    /// The AASA of each domain and `assetlinks.json`, built once with the table.
    package let documents: AssociationDocuments
    /// Warnings found (errors prevent a `Configuration` from existing).
    package let warnings: [Diagnostic]

    /// What checking a config gives: the table and its association documents when there is no error, the Android apps,
    /// and every diagnostic.
    package typealias Check = (table: RouteTable?, android: [AndroidApp], documents: AssociationDocuments?, diagnostics: [Diagnostic])

    /// Reads and checks the config file at `path`.
    package init(contentsOf path: String) throws(ConfigurationError) {
        try self.init(yaml: Self.read(path), file: path)
    }

    /// Every problem in the config file at `path`, including not being able to read it; with `templates` (the names
    /// of the `*.mustache` files there are), also every landing that names none of them.
    package static func check(file path: String, templates: Set<String>? = nil) -> Check {
        do throws(ConfigurationError) {
            return check(yaml: try read(path), templates: templates)
        } catch {
            return (nil, [], nil, error.diagnostics)
        }
    }

    /// `check(file:templates:)`, and the table definition read on the way, nil when the file could not be read or
    /// declares none: what the generators' name checks look at, without reading and parsing the file again.
    package static func checkWithDefinition(file path: String, templates: Set<String>? = nil) -> (check: Check, definition: RouteTableDefinition?) {
        do throws(ConfigurationError) {
            let checked = checked(yaml: try read(path), templates: templates)
            return (checked.check, checked.definition)
        } catch {
            return ((nil, [], nil, error.diagnostics), nil)
        }
    }

    private static func read(_ path: String) throws(ConfigurationError) -> String {
        let bytes: [UInt8]
        do throws(FileSystem.ReadError) {
            bytes = try FileSystem.contents(of: path)
        } catch {
            throw ConfigurationError(file: path, diagnostics: [Diagnostic(.error, line: nil, "cannot read the config: \(error)")])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(file: path, diagnostics: [Diagnostic(.error, line: nil, "the config is not UTF-8 text")])
        }
        return text
    }

    /// Parses and checks config YAML; `file` names it in messages.
    package init(yaml: String, file: String = "<config>") throws(ConfigurationError) {
        let (check, _, stores, openInAppDomain) = Self.checked(yaml: yaml)
        guard let table = check.table, let documents = check.documents, !check.diagnostics.contains(where: { $0.severity == .error }) else {
            throw ConfigurationError(file: file, diagnostics: check.diagnostics)
        }
        self.table = table
        self.android = check.android
        self.stores = stores
        self.openInAppDomain = openInAppDomain
        self.documents = documents
        self.warnings = check.diagnostics
    }

    /// Every problem in config YAML, errors and warnings, in line order: what `deeplinkd check` prints. With
    /// `templates`, also every landing that names none of them.
    package static func check(yaml: String, templates: Set<String>? = nil) -> Check {
        checked(yaml: yaml, templates: templates).check
    }

    /// `check(yaml:templates:)`, and the table definition, the `stores:` section and `openInAppDomain` read on the way.
    private static func checked(
        yaml: String, templates: Set<String>? = nil
    ) -> (check: Check, definition: RouteTableDefinition?, stores: StoreSettings, openInAppDomain: String?) {
        var parser = ConfigurationParser()
        let openInAppDomain = { parser.openInAppDomain?.value }
        guard let (definition, android) = parser.parse(yaml) else {
            return ((nil, [], nil, onTextLines(parser.problems, of: yaml)), nil, parser.stores, openInAppDomain())
        }
        let compilation = RouteTable.compile(definition)
        var diagnostics = parser.problems + compilation.diagnostics
        if let domain = parser.openInAppDomain {
            diagnostics += openInAppProblems(domain, domains: definition.domains, table: compilation.table)
        }
        if let templates { diagnostics += landingProblems(definition.routes, templates: templates) }
        let documents = compilation.table.map { AssociationDocuments(table: $0, android: android) }
        diagnostics += documents?.sizeProblems ?? []
        diagnostics += documents?.androidWarnings ?? []
        let placed = onTextLines(diagnostics, of: yaml)
        let ordered = placed.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        let isValid = !ordered.contains { $0.severity == .error }
        return ((isValid ? compilation.table : nil, android, isValid ? documents : nil, ordered), definition, parser.stores, openInAppDomain())
    }

    /// `diagnostics`, each on a line of `yaml`: libyaml marks a node at the end of a text without a final line break
    /// (an empty document after `---`, say) on the line after the last (found by fuzzing), and such a diagnostic
    /// names the last line.
    private static func onTextLines(_ diagnostics: [Diagnostic], of yaml: String) -> [Diagnostic] {
        guard diagnostics.contains(where: { $0.line != nil }) else { return diagnostics }
        let lastLine = ConfigurationParser.lineCount(of: yaml)
        return diagnostics.map { diagnostic in
            guard let line = diagnostic.line, line > lastLine else { return diagnostic }
            return Diagnostic(diagnostic.severity, line: lastLine, diagnostic.message)
        }
    }
}
