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

    @Test("the router has an outcome for every route's sample in the state that admits it")
    func routerCoversEveryRoute() throws {
        let router = LinkRouter()
        for route in DeepLink.Route.allCases {
            let sample = route.sample
            let url = try #require(sample.universalLink ?? sample.appLink)
            guard case .dispatch(let link, _, _) = router.route(url, in: .welcome) else {
                Issue.record("\(route) is not dispatched in welcome")
                continue
            }
            #expect(link == sample)
        }
    }
}
