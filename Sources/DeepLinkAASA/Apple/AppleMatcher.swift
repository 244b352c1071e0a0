/// Apple's AASA component matching as documented and as read from iOS (aasa-reference.md §2.2): the first component
/// that matches decides, an `exclude` one blocks the URL, and none matching means the app does not open.
///
/// The tests check the generated file with it; `deeplinkd doctor` checks a served file with it.
package struct AppleMatcher: Sendable {
    /// One component of `applinks.details[].components`.
    package struct Rule: Sendable, Equatable {
        /// The `/` glob; nil matches every path.
        package var path: String?
        /// The `?` glob for the whole query string; nil when absent or when `queryItems` is given.
        package var query: String?
        /// The `?` dictionary: item name to value glob.
        package var queryItems: [String: String]?
        /// The `#` glob; nil matches every fragment.
        package var fragment: String?
        /// Whether a match blocks the app from opening.
        package var isExcluded: Bool
        /// Whether globs compare case-sensitively (`caseSensitive`, default true).
        package var isCaseSensitive: Bool

        /// A component.
        package init(
            path: String? = nil, query: String? = nil, queryItems: [String: String]? = nil, fragment: String? = nil, isExcluded: Bool = false,
            isCaseSensitive: Bool = true
        ) {
            self.path = path
            self.query = query
            self.queryItems = queryItems
            self.fragment = fragment
            self.isExcluded = isExcluded
            self.isCaseSensitive = isCaseSensitive
        }
    }

    /// What iOS would do with a URL.
    package enum Verdict: Sendable, Equatable {
        /// The rule at this index matches and opens the app.
        case opens(rule: Int)
        /// The rule at this index matches and excludes the URL.
        case blocked(rule: Int)
        /// No rule matches: the URL opens in the browser.
        case noMatch
    }

    /// The components, in file order.
    package let rules: [Rule]

    /// A matcher for `rules`.
    package init(rules: [Rule]) {
        self.rules = rules
    }

    /// What iOS does with the percent-encoded `path`, `query` and `fragment` of a URL (nil: absent).
    package func verdict(path: String, query: String?, fragment: String? = nil) -> Verdict {
        for (index, rule) in rules.enumerated() where rule.matches(path: path, query: query, fragment: fragment) {
            return rule.isExcluded ? .blocked(rule: index) : .opens(rule: index)
        }
        return .noMatch
    }

    /// Whether iOS would open the app.
    package func opensApp(path: String, query: String?, fragment: String? = nil) -> Bool {
        if case .opens = verdict(path: path, query: query, fragment: fragment) { true } else { false }
    }
}

extension AppleMatcher.Rule {
    /// Path, then fragment, then query; a key the component does not give matches anything.
    func matches(path text: String, query: String?, fragment: String?) -> Bool {
        if let path, !AppleGlob.matches(AppleGlob.normalised(path, isPattern: true), AppleGlob.normalised(text, isPattern: false), isCaseSensitive) {
            return false
        }
        if let pattern = self.fragment, !AppleGlob.matches(pattern, fragment ?? "", isCaseSensitive) { return false }
        if let pattern = self.query, !AppleGlob.matches(pattern, query ?? "", isCaseSensitive) { return false }
        if let queryItems, !AppleGlob.queryMatches(queryItems, query, isCaseSensitive) { return false }
        return true
    }
}
