import Foundation
import Testing

@testable import EveryShape

@Suite("The code generated from a table of every shape compiles and parses, links, stacks and gates as the table says")
struct EveryShapeTests {
    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test("each URL of each route parses to its case, keyword, `match` and `self` labels included", arguments: ShapeURLs.links)
    func parses(url: String, link: DeepLink) throws {
        #expect(DeepLink.parse(url) == .link(link))
        // From a URL too, but for a space, a backslash or a line break, whose escapes Foundation also writes when it
        // repairs a string the server refuses (check warns of such a charset or path).
        #expect(DeepLink(url: try Self.url(url)) == (Self.holdsRepairEscape(url) ? nil : link))
    }

    /// Whether `url` holds an escape Foundation writes when it repairs a string: `%5C`, `%20`, `%0A`, ….
    static func holdsRepairEscape(_ url: String) -> Bool {
        ["%5C", "%20", "%0A", "%09"].contains { url.contains($0) }
    }

    @Test("a refused URL gives the table's reason", arguments: ShapeURLs.refusals)
    func refuses(url: String, reason: String) throws {
        guard case .unmatched(let unmatched) = DeepLink.parse(url) else {
            Issue.record("\(url) opened a link")
            return
        }
        #expect(unmatched.reason.rawValue == reason)
    }

    @Test("every route of the table is reached by some URL above")
    func everyRouteCovered() {
        let reached = Set(ShapeURLs.links.map(\.link.route))
        #expect(reached == Set(DeepLink.Route.allCases))
    }

    /// Links and the URLs they print, universal then app.
    static let printed: [(link: DeepLink, universal: String?, app: String?)] = [
        (DeepLink.none, "https://links.example.com/nothing", "every://nothing"),
        (.charger(id: "A_1"), "https://links.example.com/c/A_1", "every://c/A_1"),
        (
            .return(default: "ab", _2fa: "123456", utmSource: nil, Type: nil, utmCampaign: nil), "https://go.example.org/r/ab?2fa=123456",
            "every-beta+dev.x://r/ab?2fa=123456"
        ),
        (.productDetail(site: "abc", match: "1", in: nil, self: "q"), "https://links.example.com/s/abc/p/1?self=q", nil),
        (.personPost(self: "ann", match: "12"), "https://links.example.com/people/ann/posts/12", "every://people/ann/posts/12"),
        (.where, "https://links.example.com/caf%C3%A9/%22quoted%22/%60tick%60/line%0Abreak", "every://caf%C3%A9/%22quoted%22/%60tick%60/line%0Abreak"),
        (.docs, nil, nil), (.file(name: "a"), nil, nil),
    ]

    @Test("links print the canonical pattern on the route's first domain and scheme; a route with * or ** has none", arguments: printed)
    func links(link: DeepLink, universal: String?, app: String?) throws {
        #expect(link.universalLink?.absoluteString == universal)
        #expect(link.appLink?.absoluteString == app)
        for url in [link.universalLink, link.appLink].compactMap(\.self) {
            #expect(DeepLink(string: url.absoluteString) == link)
            #expect(DeepLink(url: url) == (Self.holdsRepairEscape(url.absoluteString) ? nil : link))
        }
        #expect(try JSONDecoder().decode(DeepLink.self, from: JSONEncoder().encode(link)) == link)
        #expect(try DeepLink(route: link.route, parameters: link.parameters) == link)
    }

    @Test("a stack is built from the values the link carries, through labels named self and match")
    func stacks() {
        let post = DeepLink.personPost(self: "ann", match: "12")
        #expect(post.stack == [.person(self: "ann"), post])
        let product = DeepLink.productDetail(site: "abc", match: "1", in: "x", self: "q")
        #expect(product.stack == [.site(site: "abc", page: nil), product])
        #expect(DeepLink.none.stack == [.none])
    }

    @Test("a route, feature and notification called none are themselves, not nil")
    func none() {
        #expect(DeepLink.none.requiredFeature == DeepLink.Feature.none)
        #expect(DeepLink.none.notification == Notification.Name("none"))
        #expect(DeepLink.Notifications.none == Notification.Name("none"))
        #expect(DeepLink.Route.none.sample == .none)
        #expect(DeepLink.personPost(self: "a", match: "1").notification == Notification.Name("none"))
        #expect(DeepLink.none.action(in: .ready) == .ignore(.featureDisabled))
        #expect(DeepLink.none.action(in: .ready, features: [DeepLink.Feature.none]) == .dispatch)
        #expect(DeepLink.none.action(in: .default) == .wait(.undecidedState))
    }

    @Test("names that are keywords or start with a digit keep their table spelling as raw values and notifications")
    func rawNames() {
        #expect(DeepLink.AppState.allCases.map(\.rawValue) == ["launching", "signed-out", "in", "2fa-pending", "default", "none", "ready"])
        #expect(DeepLink.Feature.allCases.map(\.rawValue) == ["premium-workflows", "none", "default", "beta.2"])
        #expect(DeepLink.return(default: "ab", _2fa: nil, utmSource: nil, Type: nil, utmCampaign: nil).notification == Notification.Name("default"))
        #expect(DeepLink._2faCode(code: "123456").notification == Notification.Name("com.example.every.2fa"))
        #expect(DeepLink._2faCode(code: "123456").description == "_2faCode(code: <redacted>)")
        #expect(DeepLink.docs.notification == nil)
    }

    @Test(
        "the gate decides in each state, holds while launching (and a gate that resumes, until a state it admits), and a route with a feature waits for it",
        arguments: DeepLink.AppState.allCases)
    func gates(state: DeepLink.AppState) {
        let product = DeepLink.productDetail(site: "abc", match: "1", in: nil, self: "q")
        let isIn = [DeepLink.AppState.in, .ready].contains(state)
        let held: DeepLink.Action = state == .launching ? .wait(.undecidedState) : .wait(.notYetAdmitted)
        #expect(product.action(in: state, features: [.premiumWorkflows]) == (isIn ? .dispatch : held))
        #expect(product.action(in: state) == (isIn ? .ignore(.featureDisabled) : held))
        #expect(product.holdExpiry == 90 && product.presentation == .replace)
        let code = DeepLink._2faCode(code: "123456")
        let codeAction: DeepLink.Action =
            state == .launching ? .wait(.undecidedState) : [DeepLink.AppState.signedOut, ._2faPending].contains(state) ? .dispatch : .ignore(.gateClosed)
        #expect(code.action(in: state) == codeAction)
        #expect(code.presentation == .none && code.holdExpiry == 300)
        let back = DeepLink.return(default: "ab", _2fa: nil, utmSource: nil, Type: nil, utmCampaign: nil)
        #expect(back.action(in: state, features: [.default]) == .dispatch)
        #expect(back.action(in: state, features: [.beta2, .none]) == .ignore(.featureDisabled))
        #expect(DeepLink.charger(id: "A").action(in: state) == .dispatch)
        #expect(DeepLink.personPost(self: "ann", match: "1").presentation == .push)
        #expect(DeepLink.docs.presentation == .none)
    }

    @Test("a parameter named with '_' gets an idiomatic label and keeps its table name")
    func underscoreNames() throws {
        let link = try #require(DeepLink(string: "every-beta+dev.x://r/ab?utm_campaign=spring"))
        #expect(link == .return(default: "ab", _2fa: nil, utmSource: nil, Type: nil, utmCampaign: "spring"))
        #expect(link.parameters == ["default": "ab", "utm_campaign": "spring"])
    }
}
