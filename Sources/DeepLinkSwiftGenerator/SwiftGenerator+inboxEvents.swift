extension SwiftGenerator {
    /// `Inbox.Event`, and how the inbox admits, reconsiders and expires links.
    var inboxEvents: String {
        let event = nonisolatedDeclaration(
            "\(access)enum Event: Hashable, Sendable, CustomStringConvertible",
            body: [
                "/// Hand it over now: post its notification, present it.", "case open(\(name).Arrival)",
                "/// Held until a state decides it, or until it expires.", "case held(\(name).Arrival, \(name).Action.WaitReason)",
                "/// Dropped, never handed over.", "case dropped(\(name).Arrival, \(name).Action.IgnoreReason)",
                "/// Not handed over: the app is older than the route's `minAppVersion`; ask the user to update.",
                "case needsUpdate(\(name).Arrival, minimum: String)",
                "/// No route takes what arrived: the reason and detail of the server's `/resolve`.",
                "case unmatched(\(name).Unmatched, \(name).Arrival.Entry)", "",
                "/// The link to hand over now, for `open`; nil for the others.",
                "\(access)nonisolated var opened: \(name)? {",
                "    if case .open(let arrival) = self { arrival.link } else { nil }",
                "}", "",
                "/// `open charger(id: \"CH-42\") (universal, from openURL)`; a secret route's values redacted.",
                "\(access)nonisolated var description: String {",
                "    switch self {",
                "    case .open(let arrival): \"open \\(arrival)\"",
                "    case .held(let arrival, let reason): \"held (\\(reason.rawValue)) \\(arrival)\"",
                "    case .dropped(let arrival, let reason): \"dropped (\\(reason.rawValue)) \\(arrival)\"",
                "    case .needsUpdate(let arrival, let minimum): \"needs update (\\(minimum)) \\(arrival)\"",
                "    case .unmatched(let unmatched, let entry): \"unmatched from \\(entry.rawValue): \\(unmatched)\"",
                "    }",
                "}",
            ], indent: "    ")
        let state = states.isEmpty ? "nil" : "currentState.rawValue"
        let features = self.features.isEmpty ? "[]" : "Set(currentFeatures.map(\\.rawValue))"
        return """
            extension \(name).Inbox {
                /// What became of a link the inbox took in, held or dropped.
            \(event)}

            extension \(name).Inbox {
                /// What the table says of `link` in the state and with the features last reported.
                nonisolated private func decide(_ link: \(name)) -> \(name).Action {
                    \(name).EmbeddedTable.action(of: link, state: \(state), features: \(features), appVersion: appVersion)
                }

                /// Hands `arrival` over, holds it or drops it; a link seen within the window, held already or (secret) handed
                /// over already is a duplicate.
                nonisolated private func admit(_ arrival: \(name).Arrival, now: Foundation.TimeInterval) -> Event {
                    let link = arrival.link
                    seen = seen.filter { now - $0.value < window }
                    let isDuplicate =
                        seen[link] != nil || pending.contains { $0.arrival.link == link } || (link.isSecret && handedOverSecrets.contains(link.hashValue))
                    seen[link] = now
                    if isDuplicate { return .dropped(arrival, .duplicate) }
                    switch decide(link) {
                    case .dispatch:
                        handOver(link, now: now)
                        return .open(arrival)
                    case .wait(let reason):
                        pending.append((arrival, now + link.holdExpiry))
                        return .held(arrival, reason)
                    case .ignore(let reason):
                        return .dropped(arrival, reason)
                    case .update(let minimum):
                        return .needsUpdate(arrival, minimum: minimum)
                    }
                }

                /// Decides every held link again, in the order they arrived, after dropping what expired.
                nonisolated private func reconsider(now: Foundation.TimeInterval) -> [Event] {
                    var events = expire(now: now)
                    var kept: [(arrival: \(name).Arrival, deadline: Foundation.TimeInterval)] = []
                    for item in pending {
                        switch decide(item.arrival.link) {
                        case .dispatch:
                            handOver(item.arrival.link, now: now)
                            events.append(.open(item.arrival))
                        case .wait:
                            kept.append(item)
                        case .ignore(let reason):
                            events.append(.dropped(item.arrival, reason))
                        case .update(let minimum):
                            events.append(.needsUpdate(item.arrival, minimum: minimum))
                        }
                    }
                    pending = kept
                    return events
                }

                /// Drops the held links whose time is up at `now`.
                nonisolated private func expire(now: Foundation.TimeInterval) -> [Event] {
                    let expired = pending.filter { now >= $0.deadline }
                    pending.removeAll { now >= $0.deadline }
                    return expired.map { .dropped($0.arrival, .expired) }
                }

                /// Records that `link` was handed over at `now`.
                nonisolated private func handOver(_ link: \(name), now: Foundation.TimeInterval) {
                    seen[link] = now
                    if link.isSecret { handedOverSecrets.insert(link.hashValue) }
                }
            }

            """
    }
}
