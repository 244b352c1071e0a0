extension Problems {
    /// Refuses every way the table lets a secret route's values reach an answer that is not secret, which the server
    /// logs in full, caches, serves `public` and prints in its page:
    ///
    /// - a route that is not secret whose `stack` names a secret route it shares parameters with: its own URL
    ///   carries the secret values;
    /// - a secret route whose `stack` names a route that is not secret, handing it values: that route's screen,
    ///   links and stack entry are built from them;
    /// - a pattern (path or alias) of a route that is not secret that shares URLs with a pattern of a secret route
    ///   on a channel both are open on: tried first, it answers the secret links; tried after, it answers the ones
    ///   the secret route refuses (a token with a character added or cut off, as a mail client may leave it).
    ///
    /// Gates, features, landings and notifications carry no value of a URL into another answer.
    mutating func checkSecretReach(of table: [Route], definitions: [RouteDefinition], domains: [String], schemes: [String]) {
        guard !isVouched else { return }
        guard table.contains(where: \.isSecret) else { return }
        checkSecretStacks(of: table, definitions: definitions)
        checkSecretOverlaps(of: table, channels: domains.map(Channel.universal) + schemes.map(Channel.app))
    }

    private mutating func checkSecretStacks(of table: [Route], definitions: [RouteDefinition]) {
        let compiled = Dictionary(table.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for definition in definitions {
            guard let route = compiled[definition.name.value] else { continue }
            for entry in definition.stack {
                guard let below = compiled[entry.value], below !== route, below.isSecret != route.isSecret else { continue }
                let shared = below.parameters.map(\.name).filter { route.parameter(named: $0) != nil }
                guard !shared.isEmpty else { continue }
                let values = shared.map { "'\($0)'" }.joined(separator: ", ")
                let (these, they) = shared.count == 1 ? ("the secret value of \(values)", "it") : ("the secret values of \(values)", "they")
                if below.isSecret {
                    error(
                        entry.line ?? definition.line,
                        "route '\(route.name)' is not secret, but its stack names secret route '\(below.name)'\(Self.place(below)), so its own URL carries \(these): \(they) would be logged in full, cached and shown in its page; make '\(route.name)' secret too, or take '\(below.name)' out of its stack"
                    )
                } else {
                    error(
                        entry.line ?? definition.line,
                        "secret route '\(route.name)': stack route '\(below.name)'\(Self.place(below)) is not secret, but would be opened with \(these), which its screen and links would treat as not secret; make '\(below.name)' secret too, or take it out of the stack"
                    )
                }
            }
        }
    }

    private mutating func checkSecretOverlaps(of table: [Route], channels: [Channel]) {
        let patterns = table.flatMap(\.everyPattern)
        let precedences = channels.map { channel in patterns.enumerated().map { channel.precedence(of: $1.scopes, at: $0) } }
        let trie = PatternTrie(patterns.map(\.pattern))
        for (position, open) in patterns.enumerated() where !open.isSecret {
            var reported: Set<String> = []
            for other in trie.candidates(for: open.pattern) where patterns[other].isSecret && !reported.contains(patterns[other].name) {
                let secret = patterns[other]
                for number in channels.indices {
                    guard let openPrecedence = precedences[number][position], let secretPrecedence = precedences[number][other] else { continue }
                    if openPrecedence < secretPrecedence, open.mayOverlap(secret) || open.covers(secret) {
                        error(
                            secret.line,
                            "\(Self.label(secret)) is secret, but \(Self.label(open))\(Self.place(open)), which is not, is tried before it on \(channels[number].displayName) and matches some of its URLs: their values would be logged in full, cached and shown in its page; make '\(open.name)' secret too, or their patterns disjoint"
                        )
                    } else if secretPrecedence < openPrecedence, secret.mayOverlap(open), !secret.covers(open) {
                        error(
                            open.line,
                            "\(Self.label(open)) is not secret, but matches URLs of secret \(Self.label(secret))\(Self.place(secret)) on \(channels[number].displayName) that '\(secret.name)' refuses (a value with a character added or cut off, as a mail client may leave a link): they would be logged in full, cached and shown in its page; make '\(open.name)' secret too, or their patterns disjoint"
                        )
                    } else {
                        continue
                    }
                    reported.insert(secret.name)
                    break
                }
            }
        }
    }

    /// Whether the reachability check leaves the overlap of `route` with `earlier` to `checkSecretReach`, which
    /// refuses it: one of the two is secret and the other is not.
    static func isSecretReach(_ route: Route, _ earlier: Route) -> Bool {
        route.isSecret != earlier.isSecret
    }

    /// `route 'name'`, or `route 'name' alias 'pattern'`.
    private static func label(_ route: Route) -> String {
        route.isAlias ? "route '\(route.name)' alias '\(route.pattern)'" : "route '\(route.name)'"
    }

    /// ` (line N)` when the route's line is known.
    private static func place(_ route: Route) -> String {
        route.line.map { " (line \($0))" } ?? ""
    }
}
