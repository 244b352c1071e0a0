import ExpresScan
import Foundation
import Testing

/// What an app's own test writes to know its handler covers every route, with no `@testable`: `Route.allCases` and a
/// valid sample of each.
@Suite("Every route of the table has a case, a valid sample and a place in the app's handling")
struct CoverageTests {
    @Test("each route's sample is valid, of that route, and opens again from its own link", arguments: DeepLink.Route.allCases)
    func samples(route: DeepLink.Route) throws {
        let sample = route.sample
        #expect(sample.route == route)
        try sample.validate()
        let url = try #require(sample.universalLink ?? sample.appLink)
        #expect(DeepLink(url: url) == sample)
        #expect(try DeepLink(route: route, parameters: sample.parameters) == sample)
    }

    @Test("the router dispatches every route's sample in a state that admits it, once, with its route's presentation")
    func routerCoversEveryRoute() throws {
        for route in DeepLink.Route.allCases {
            let sample = route.sample
            let url = try #require(sample.universalLink ?? sample.appLink)
            guard let state = DeepLink.AppState.allCases.first(where: { sample.action(in: $0) == .dispatch }) else {
                Issue.record("no state admits \(route)")
                continue
            }
            let router = LinkRouter(state: state, clock: TestClock().read)
            #expect(router.open(url) == [.dispatch(sample, notification: sample.notification, presentation: sample.presentation)], "\(route)")
            #expect(router.open(url) == [.ignore(sample, reason: .duplicate)], "\(route)")
        }
    }
}
