import DeepLinkAASA
import DeepLinkRouting
import Yams

/// Turns config YAML into a `RouteTableDefinition` plus the server's own sections, with a line for every problem.
struct ConfigurationParser {
    var problems: [Diagnostic] = []
    /// The `stores:` section, once `parse` has read it.
    var stores = StoreSettings()
    /// `openInAppDomain:`, once `parse` has read it.
    var openInAppDomain: Located<String>?

    static let topLevelKeys = ["app", "domains", "schemes", "states", "gates", "features", "routes", "android", "stores", "openInAppDomain"]
    static let appKeys = ["name", "appIDs", "appStoreID", "webcredentials", "appClips"]
    static let routeKeys =
        [
            "name", "path", "aliases", "scopes", "params", "gate", "feature", "secret", "notification", "landing", "stack", "appClip", "copyLink",
        ] + deliveryKeys + ["minAppVersion"]
    static let parameterKeys = ["charset", "min", "max", "required"]
    static let androidKeys = ["package", "sha256CertFingerprints", "relations"]

    /// Parses `yaml`; nil when it is not even a YAML mapping (the problems say why).
    mutating func parse(_ yaml: String) -> (RouteTableDefinition, [AndroidApp])? {
        let root: Node
        do {
            // The basic resolver tags every scalar as a string: YAMLSection reads integers and Booleans itself.
            // (Yams' default resolver matches tags with NSRegularExpression, which loads ICU: megabytes of memory.)
            guard let node = try Yams.compose(yaml: yaml, .basic) else {
                problems.append(Diagnostic(.error, line: nil, "the config is empty"))
                return nil
            }
            root = node
        } catch let error as YamlError {
            problems.append(Self.diagnostic(for: error, lineCount: Self.lineCount(of: yaml)))
            return nil
        } catch {
            problems.append(Diagnostic(.error, line: nil, "cannot read YAML: \(error)"))
            return nil
        }
        guard let top = YAMLSection(root, label: "config", allowed: Self.topLevelKeys, problems: &problems) else { return nil }
        let app = parseApp(top)
        let gates = parseGates(top)
        let routes = parseRoutes(top)
        let android = top.values["android"].map { parseAndroid($0) } ?? []
        stores = top.values["stores"].map { parseStores($0, routes: routes) } ?? StoreSettings()
        let domains = top.strings("domains", problems: &problems) ?? []
        openInAppDomain = top.string("openInAppDomain", problems: &problems)
        let schemes = top.strings("schemes", problems: &problems) ?? []
        let states = top.strings("states", problems: &problems)
        let features = top.strings("features", problems: &problems) ?? []
        guard let app else { return nil }
        let definition = RouteTableDefinition(
            app: app, domains: domains, schemes: schemes, states: states, gates: gates, features: features, routes: routes)
        return (definition, android)
    }

    private mutating func parseApp(_ top: YAMLSection) -> AppDefinition? {
        guard let node = top.values["app"] else {
            problems.append(Diagnostic(.error, line: top.line, "config: missing 'app' section"))
            return nil
        }
        guard let app = YAMLSection(node, label: "app", allowed: Self.appKeys, problems: &problems) else { return nil }
        let name = app.requiredString("name", problems: &problems) ?? Located("", line: app.line)
        let appIDs = app.strings("appIDs", problems: &problems) ?? []
        return AppDefinition(
            name: name, appIDs: appIDs, appStoreID: app.string("appStoreID", problems: &problems),
            webCredentials: app.bool("webcredentials", problems: &problems) ?? false, appClips: app.strings("appClips", problems: &problems) ?? [])
    }

    /// The diagnostic of a YAML error in a text of `lineCount` lines.
    ///
    /// libyaml marks an error at the end of a text without a final line break on the line after the last (found by
    /// fuzzing); such a diagnostic names the last line, at the end of the file.
    private static func diagnostic(for error: YamlError, lineCount: Int) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            guard mark.line <= lineCount else {
                return Diagnostic(.error, line: lineCount, "YAML syntax error: \(detail)\(problem) (at the end of the file)")
            }
            return Diagnostic(.error, line: mark.line, "YAML syntax error: \(detail)\(problem) (column \(mark.column))")
        case .reader(let problem, let offset, let value, let yaml):
            // libyaml's reader refuses a character before parsing (a control character, say). The message names the
            // character by code point: libyaml's own quotes the line, which would carry it to the terminal.
            let hex = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
            let character = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            guard let offset else { return Diagnostic(.error, line: nil, "YAML syntax error: \(problem) (\(character))") }
            let before = yaml.prefix(offset)
            let column = (before.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).last?.count ?? 0) + 1
            return Diagnostic(.error, line: Self.lineCount(of: String(before)), "YAML syntax error: \(problem) (\(character), column \(column))")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return Diagnostic(.error, line: context.mark.line, "a mapping gives the key \(keys) twice")
        default:
            return Diagnostic(.error, line: nil, "YAML syntax error: \(error)")
        }
    }

    /// The number of lines of `text` as YAML counts them: a line ends at LF, CR, CR LF, NEL, LS or PS.
    static func lineCount(of text: String) -> Int {
        var count = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) || (scalar == "\n" && previous != "\r") { count += 1 }
            previous = scalar
        }
        return count
    }
}
