import Foundation

/// Apple's AASA component matching as documented and as read from iOS (aasa-reference.md §2.2), used only to check
/// that the generated file opens the app for exactly the URLs the resolver accepts.
struct AppleMatcher {
    let components: [[String: Any]]

    init(aasa: String) throws {
        let root = try JSONSerialization.jsonObject(with: Data(aasa.utf8)) as? [String: Any]
        let details = (root?["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
        components = details?.first?["components"] as? [[String: Any]] ?? []
    }

    /// Whether iOS would open the app: the first matching component decides; none matching means no.
    func opensApp(path: String, query: String?) -> Bool {
        for component in components {
            if let pattern = component["/"] as? String, !Self.glob(Self.normalise(pattern, isPattern: true), Self.normalise(path, isPattern: false)) {
                continue
            }
            if let dictionary = component["?"] as? [String: String], !Self.queryMatches(dictionary, query) { continue }
            return !(component["exclude"] as? Bool ?? false)
        }
        return false
    }

    /// Runs of `/` collapse, a leading `/` is added, a trailing `/` is appended unless the text ends in `*`.
    static func normalise(_ text: String, isPattern: Bool) -> String {
        var result = text.isEmpty ? "/" : text
        while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
        if isPattern { while result.contains("**") { result = result.replacingOccurrences(of: "**", with: "*") } }
        if !result.hasPrefix("/") && !result.hasPrefix("*") { result = "/" + result }
        if !result.hasSuffix("/") && !result.hasSuffix("*") { result += "/" }
        return result
    }

    /// Every URL item named in the dictionary must match; absent items match as the empty string.
    static func queryMatches(_ dictionary: [String: String], _ query: String?) -> Bool {
        let items = (query ?? "").split(separator: "&").map { item -> (String, String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        return dictionary.allSatisfy { name, pattern in
            let values = items.filter { $0.0 == name }.map(\.1)
            return (values.isEmpty ? [""] : values).allSatisfy { glob(pattern, $0) }
        }
    }

    /// `*` any run of characters (greedy, `/` included), `?` one character, `\` escapes.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        glob(Array(pattern), 0, Array(text), 0)
    }

    private static func glob(_ pattern: [Character], _ p: Int, _ text: [Character], _ t: Int) -> Bool {
        guard p < pattern.count else { return t == text.count }
        switch pattern[p] {
        case "*": return (t...text.count).reversed().contains { glob(pattern, p + 1, text, $0) }
        case "?": return t < text.count && glob(pattern, p + 1, text, t + 1)
        case "\\" where p + 1 < pattern.count: return t < text.count && text[t] == pattern[p + 1] && glob(pattern, p + 2, text, t + 1)
        default: return t < text.count && text[t] == pattern[p] && glob(pattern, p + 1, text, t + 1)
        }
    }
}
