import Foundation
import Testing

/// Android's dynamic App Links rules (`dynamic_app_link_components` in `assetlinks.json`, Android 15+) as the
/// platform documentation describes them, written here from that description alone, so that the generated rules
/// are checked against the documented behaviour rather than against the generator's own reading:
///
/// - The rules are tried in order; the first whose every given part matches decides; `"exclude": true` keeps the
///   app closed; a URL that no rule matches is treated as excluded.
/// - `"/"` matches the URL's path as Android's `Uri.getPath()` gives it (percent-decoded); `"?"` is a dictionary of
///   query parameter names to value patterns, each met by a parameter of that name whose decoded value matches;
///   `"#"` matches the fragment. A part a rule does not give matches anything.
/// - In a pattern, `?` matches any one character and `*` zero or more characters "up until the character after the
///   wildcard in the pattern is found" (the documentation's words): `isBacktracking` false reads that literally (the
///   first such character ends the run, nothing is retried); true reads `*` as any run, retried as needed, as Apple's
///   `*` is. The tests require the generated rules to be right under both readings.
/// - An empty path reads as `/`, as a browser sends it.
struct AndroidRuleModel {
    struct Rule {
        var path: String?
        var query: [String: String]
        var fragment: String?
        var isExcluded: Bool
    }

    let rules: [Rule]
    let isBacktracking: Bool

    /// The rules of the statement for `package` in an `assetlinks.json` statement list.
    init(assetLinks: [UInt8], package: String, isBacktracking: Bool = false) throws {
        let statements = try #require(try JSONSerialization.jsonObject(with: Data(assetLinks)) as? [[String: Any]])
        let statement = try #require(statements.first { ($0["target"] as? [String: Any])?["package_name"] as? String == package })
        let extensions = statement["relation_extensions"] as? [String: Any]
        let handleAll = extensions?["delegate_permission/common.handle_all_urls"] as? [String: Any]
        let components = handleAll?["dynamic_app_link_components"] as? [[String: Any]] ?? []
        rules = components.map { component in
            Rule(
                path: component["/"] as? String, query: component["?"] as? [String: String] ?? [:], fragment: component["#"] as? String,
                isExcluded: component["exclude"] as? Bool ?? false)
        }
        self.isBacktracking = isBacktracking
    }

    /// Whether Android 15+ opens the app for `url` (as far as the rules go; the manifest decides the rest), or nil
    /// when Foundation does not read it as a URL at all.
    func opensApp(_ url: String) -> Bool? {
        guard let components = URLComponents(string: url) else { return nil }
        let path = components.path.isEmpty ? "/" : components.path
        let items = components.queryItems ?? []
        for rule in rules {
            if let pattern = rule.path, !matches(pattern, path) { continue }
            if let pattern = rule.fragment, !matches(pattern, components.fragment ?? "") { continue }
            let queryMatches = rule.query.allSatisfy { name, pattern in items.contains { $0.name == name && matches(pattern, $0.value ?? "") } }
            if !queryMatches { continue }
            return !rule.isExcluded
        }
        return false
    }

    func matches(_ pattern: String, _ text: String) -> Bool {
        isBacktracking ? Self.anyRun(Array(pattern), Array(text)) : Self.firstStop(Array(pattern), Array(text))
    }

    /// `*` ends at the first occurrence of the pattern character after it; no retry.
    private static func firstStop(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0
        var t = 0
        while p < pattern.count {
            if pattern[p] == "*" {
                if p + 1 == pattern.count { return true }
                if pattern[p + 1] != "?" && pattern[p + 1] != "*" {
                    guard let stop = text[t...].firstIndex(of: pattern[p + 1]) else { return false }
                    t = stop
                }
                p += 1
            } else if t < text.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else {
                return false
            }
        }
        return t == text.count
    }

    /// `*` any run of characters, retried.
    private static func anyRun(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" { return text.indices.contains { anyRun(pattern.dropFirst(), text[$0...]) } || anyRun(pattern.dropFirst(), text[text.endIndex...]) }
        guard let character = text.first, first == "?" || first == character else { return false }
        return anyRun(pattern.dropFirst(), text.dropFirst())
    }

    private static func anyRun(_ pattern: [Character], _ text: [Character]) -> Bool {
        anyRun(pattern[...], text[...])
    }
}
