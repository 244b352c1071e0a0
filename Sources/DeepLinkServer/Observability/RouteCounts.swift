import Foundation

/// Which links are used: landing pages served by route and the domain they were opened on
/// (`deeplinkd_link_opens_total{route, channel}`), and URLs `/resolve` was asked about by route and outcome
/// (`deeplinkd_resolves_total{route, outcome}`). Labels are route names, reasons and configured domains, never a
/// parameter value, so the series are bounded by the table (an unmatched URL has `route=""`). URLs matched through
/// an alias, by landing page or `/resolve`, are counted by route and alias as well
/// (`deeplinkd_alias_matches_total{route, alias}`, the alias's pattern text from the table).
///
/// Counts are kept across reloads, as Prometheus expects of a counter (only a restart resets them): a route a
/// reload removes keeps its last count until the process restarts, and one it renames starts a series of its own.
struct RouteCounts {
    /// A route and its second label: the channel of an open, the outcome of a resolve.
    struct Key: Hashable, Comparable {
        let route: String
        let label: String

        static func < (left: Key, right: Key) -> Bool {
            (left.route, left.label) < (right.route, right.label)
        }
    }

    private var opens = KeyedCounts<Key>()
    private var resolves = KeyedCounts<Key>()
    private var aliases = KeyedCounts<Key>()

    /// Counts a landing page of `route` served on the domain `channel`.
    mutating func recordOpen(route: String, channel: String) {
        opens.add(Key(route: route, label: channel))
    }

    /// Counts one URL `/resolve` answered about.
    mutating func recordResolve(_ outcome: ResolveOutcomes.Outcome) {
        resolves.add(Key(route: outcome.route, label: outcome.reason))
    }

    /// Counts one URL matched through an alias.
    mutating func recordAlias(_ outcome: ResolveOutcomes.Outcome) {
        aliases.add(Key(route: outcome.route, label: outcome.alias))
    }

    mutating func add(_ other: RouteCounts) {
        opens.add(other.opens)
        resolves.add(other.resolves)
        aliases.add(other.aliases)
    }

    /// The three counters in the Prometheus text format, series sorted by route, then channel or outcome.
    func write(into text: inout String) {
        text += "# HELP deeplinkd_link_opens_total Landing pages served (opened without the app), by route and domain.\n"
        text += "# TYPE deeplinkd_link_opens_total counter\n"
        for (key, count) in opens.counts.sorted(by: { $0.key < $1.key }) {
            text += "deeplinkd_link_opens_total{route=\"\(Self.escaped(key.route))\",channel=\"\(Self.escaped(key.label))\"} \(count)\n"
        }
        text += "# HELP deeplinkd_resolves_total URLs /resolve answered about, by route (empty when none) and outcome.\n"
        text += "# TYPE deeplinkd_resolves_total counter\n"
        for (key, count) in resolves.counts.sorted(by: { $0.key < $1.key }) {
            text += "deeplinkd_resolves_total{route=\"\(Self.escaped(key.route))\",outcome=\"\(Self.escaped(key.label))\"} \(count)\n"
        }
        text += "# HELP deeplinkd_alias_matches_total URLs matched through an alias (landing pages and /resolve), by route and alias.\n"
        text += "# TYPE deeplinkd_alias_matches_total counter\n"
        for (key, count) in aliases.counts.sorted(by: { $0.key < $1.key }) {
            text += "deeplinkd_alias_matches_total{route=\"\(Self.escaped(key.route))\",alias=\"\(Self.escaped(key.label))\"} \(count)\n"
        }
    }

    /// A label value as the text format writes it: backslash, double quote and line feed escaped.
    static func escaped(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") }) else { return value }
        return value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}
