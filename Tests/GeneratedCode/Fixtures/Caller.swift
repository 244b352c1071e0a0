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
        seen += [route.rawValue, String(describing: DeepLink.Route(rawValue: route.rawValue)), "\(route.isSecret)"]
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
            seen += [link.action(in: state).rawValue, link.action(in: state, features: Set(DeepLink.Feature.allCases)).rawValue]
            seen += [state.rawValue, String(describing: DeepLink.AppState(rawValue: state.rawValue))]
        }
        let rebuilt = try DeepLink(route: route, parameters: link.parameters)
        if !link.isSecret {
            let decoded = try JSONDecoder().decode(DeepLink.self, from: JSONEncoder().encode(link))
            seen.append("\(decoded == rebuilt)")
        }
        seen.append("\(Set([link, rebuilt]).count) \(link.hashValue == rebuilt.hashValue)")
    }
    seen.append(String(decoding: try JSONEncoder().encode(DeepLink.AppState.allCases), as: UTF8.self))
    seen.append(String(decoding: try JSONEncoder().encode(DeepLink.Route.allCases), as: UTF8.self))
    let states = DeepLink.AppState.allCases
    let features = DeepLink.Feature.allCases
    let routes = DeepLink.Route.allCases
    seen += ["\(states.count) \(features.count) \(routes.count)", DeepLink.Action.dispatch.rawValue, String(describing: DeepLink.Action(rawValue: "ignore"))]
    seen += ["\(DeepLink.AppState.AllCases.self) \(DeepLink.Feature.AllCases.self) \(DeepLink.Route.AllCases.self)"]
    seen += ["\(DeepLink.AppState.RawValue.self) \(DeepLink.Route.RawValue.self)"]
    seen += DeepLink.Unmatched.Reason.allCases.map(\.rawValue)
    seen.append(DeepLink.Unmatched(reason: .noRoute, detail: "none").description)
    return seen
}

/// The same from the main actor, as a SwiftUI view calls it.
@MainActor func openOnMain(_ url: URL, in state: DeepLink.AppState) -> DeepLink.Action? {
    DeepLink(url: url)?.action(in: state)
}

/// And from a task that hops off the main actor.
func openInTask(_ url: URL) async -> Bool {
    await Task.detached { DeepLink(url: url)?.isValid ?? false }.value
}
