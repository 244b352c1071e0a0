/// The glob of Android's dynamic App Links rules as documented: `*` takes characters up to the first occurrence of
/// the character that follows it in the pattern (all the rest at the end), `?` one character, anything else itself;
/// no backtracking. `check` runs each route's sample URL through the generated rules with it.
enum AndroidGlob {
    /// Whether `text` matches `pattern` whole.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(text.unicodeScalars)
        var position = 0
        var index = 0
        while index < pattern.count {
            switch pattern[index] {
            case "*":
                guard index + 1 < pattern.count else { return true }
                let next = pattern[index + 1]
                if next != "*" && next != "?" {
                    guard let found = text[position...].firstIndex(of: next) else { return false }
                    position = found
                }
            case "?":
                guard position < text.count else { return false }
                position += 1
            case let literal:
                guard position < text.count, text[position] == literal else { return false }
                position += 1
            }
            index += 1
        }
        return position == text.count
    }

    /// Whether the rule matches a decoded path and the decoded `name=value` items of a query: the path glob, and
    /// for each `?` entry some item of that name whose value matches.
    static func matches(_ rule: DynamicRule, path: String, query: [(name: String, value: String)]) -> Bool {
        guard matches(rule.path, path.isEmpty ? "/" : path) else { return false }
        return rule.query.allSatisfy { matcher in query.contains { $0.name == matcher.name && matches(matcher.glob, $0.value) } }
    }
}
