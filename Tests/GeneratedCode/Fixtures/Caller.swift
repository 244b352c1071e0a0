// A module apart from the generated code that uses every member of its API, whatever the table (it needs states; it
// names no route, state or feature). Compiled against each generated file in every configuration, so a name the
// table gives that breaks the app's own use of the API (`AppState.allCases` made ambiguous by a state `allCases`)
// fails here, not in the app.

import AppRoutes
import Foundation

/// Every member, from a context with no isolation: a push handler, a background task, a Spotlight continuation.
nonisolated func useEverything(_ text: String, _ url: URL) throws -> [String] {
    var seen: [String] = []
    switch DeepLink.parse(text) {
    case .link(let link): seen.append(link.description)
    case .unmatched(let unmatched):
        seen += [unmatched.description, unmatched.detail, unmatched.reason.rawValue, unmatched.route?.rawValue ?? "", unmatched.parameter ?? ""]
    }
    seen.append(String(describing: DeepLink.parse(url)))
    seen.append("\(DeepLink.parse(text) == DeepLink.parse(url)) \(Set([DeepLink.parse(text)]).count)")
    if case .unmatched(let unmatched) = DeepLink.parse(text) {
        seen.append("\(Set([unmatched]).count) \(unmatched == DeepLink.Unmatched(reason: unmatched.reason, detail: unmatched.detail))")
    }
    seen.append(String(describing: DeepLink(string: text) ?? DeepLink(url: url)))
    for route in DeepLink.Route.allCases {
        let link = route.sample
        seen += [route.rawValue, String(describing: DeepLink.Route(rawValue: route.rawValue)), "\(route.isSecret)", "\(route.offersCopyLink)"]
        seen.append(String(describing: DeepLink.pasted([text, " \(route.sample.universalLink?.absoluteString ?? "")\n"])))
        seen += [link.description, link.debugDescription, String(reflecting: link), "\(link.customMirror.children.count)"]
        seen += ["\(link.route == route)", "\(link.parameters)", "\(link.isSecret)", "\(link.isValid)"]
        do {
            try link.validate()
        } catch {
            seen += [error.reason.rawValue, error.detail, (error as any Error).localizedDescription]
        }
        seen += [link.universalLink?.absoluteString ?? "", link.appLink?.absoluteString ?? "", "\(link.stack.count)"]
        seen += [link.notification?.rawValue ?? "", String(describing: link.requiredFeature)]
        for state in DeepLink.AppState.allCases {
            let action = link.action(in: state, features: Set(DeepLink.Feature.allCases))
            seen += [link.action(in: state).name, action.description, action.serverReason ?? "", "\(action == .dispatch)"]
            seen += [state.rawValue, String(describing: DeepLink.AppState(rawValue: state.rawValue))]
        }
        let rebuilt = try DeepLink(route: route, parameters: link.parameters)
        if !link.isSecret {
            let decoded = try JSONDecoder().decode(DeepLink.self, from: JSONEncoder().encode(link))
            seen.append("\(decoded == rebuilt)")
        }
        seen.append("\(Set([link, rebuilt]).count) \(link.hashValue == rebuilt.hashValue)")
        var path: [DeepLink] = []
        link.present(on: &path)
        seen += [link.presentation.rawValue, "\(link.holdExpiry) \(path.count)", link.spotlightIdentifier ?? "", "\(link.pushPayload ?? [:])"]
        seen += [String(describing: DeepLink(pushPayload: link.pushPayload ?? [:])), String(describing: DeepLink(spotlightIdentifier: text))]
        seen.append("\(link.post(to: NotificationCenter()))")
        let arrival = DeepLink.Arrival(link: link, channel: .universal, via: nil, entry: .spotlight)
        seen += [arrival.description, arrival.entry.rawValue, arrival.channel?.rawValue ?? "", arrival.via ?? "", "\(Set([arrival]).count)"]
    }
    seen.append(contentsOf: try useTheInbox(text, url))
    seen.append(String(decoding: try JSONEncoder().encode(DeepLink.AppState.allCases), as: UTF8.self))
    seen.append(String(decoding: try JSONEncoder().encode(DeepLink.Route.allCases), as: UTF8.self))
    let states = DeepLink.AppState.allCases
    let features = DeepLink.Feature.allCases
    let routes = DeepLink.Route.allCases
    seen += ["\(states.count) \(features.count) \(routes.count)", DeepLink.Action.dispatch.name, DeepLink.Action.wait(.undecidedState).description]
    seen += DeepLink.Action.WaitReason.allCases.map(\.rawValue) + DeepLink.Action.IgnoreReason.allCases.map(\.rawValue)
    seen += DeepLink.Presentation.allCases.map(\.rawValue) + DeepLink.Arrival.Entry.allCases.map(\.rawValue)
    seen += [DeepLink.Arrival.payloadKey, DeepLink.Notifications.linkKey, "\(DeepLink.Inbox.defaultWindow)"]
    seen += ["\(DeepLink.AppState.AllCases.self) \(DeepLink.Feature.AllCases.self) \(DeepLink.Route.AllCases.self)"]
    seen += ["\(DeepLink.AppState.RawValue.self) \(DeepLink.Route.RawValue.self)"]
    seen += DeepLink.Unmatched.Reason.allCases.map(\.rawValue)
    seen.append(DeepLink.Unmatched(reason: .noRoute, detail: "none").description)
    return seen
}

/// The inbox, fed by every entry point and every state, from a context with no isolation.
nonisolated func useTheInbox(_ text: String, _ url: URL) throws -> [String] {
    guard let first = DeepLink.AppState.allCases.first else { return [] }
    let inbox = DeepLink.Inbox(state: first, features: [], window: 1, clock: { 0 })
    var events = inbox.receive(url, from: .openURL) + inbox.receive(text, from: .scan) + inbox.receive(pushPayload: [DeepLink.Arrival.payloadKey: text])
    events += inbox.receive(activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: url, userInfo: nil)
    for state in DeepLink.AppState.allCases { events += inbox.update(state: state) }
    events += inbox.update(features: Set(DeepLink.Feature.allCases)) + inbox.expire()
    if let link = DeepLink(string: text) { events += inbox.receive(link) + inbox.receive(DeepLink.Arrival.parse(text, from: .paste), from: .paste) }
    let parsed = try? DeepLink.Arrival.parse(url, from: .launch).get()
    let activity = DeepLink.Arrival.parse(activityType: "com.apple.corespotlightitem", webpageURL: nil, userInfo: ["kCSSearchableItemActivityIdentifier": text])
    let described = [String(describing: parsed), String(describing: activity), "\(inbox.state) \(inbox.features) \(inbox.held.count)"]
    return events.map { "\($0) \(String(describing: $0.opened)) \(Set([$0]).count)" } + described
}

/// The same from the main actor, as a SwiftUI view calls it.
@MainActor func openOnMain(_ url: URL, in state: DeepLink.AppState) -> DeepLink.Action? {
    DeepLink(url: url)?.action(in: state)
}

/// And from a task that hops off the main actor.
func openInTask(_ url: URL) async -> Bool {
    await Task.detached { DeepLink(url: url)?.isValid ?? false }.value
}
