import DeepLinkConfig
import DeepLinkRouting
import Testing

/// `wait`, `resume`, `expiry` and `presentation`: how a gate or route says when the app holds a link, for how long,
/// and what opening one does to the navigation path.
@Suite("Holding links: wait, resume, expiry and presentation in the table")
struct HoldConfigTests {
    static let head = """
        app: {name: App, appIDs: [ABCDE12345.com.example.app]}
        domains: [a.example]
        states: [launching, out, in]

        """

    static func check(_ yaml: String) -> [String] {
        Configuration.check(yaml: head + yaml).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    static func table(_ yaml: String) throws -> RouteTable {
        try Configuration(yaml: head + yaml).table
    }

    static func route(_ extra: String, gate: String = "signedIn") -> String {
        "routes:\n  - {name: item, path: i/$(id), params: {id: {charset: a-z}}, gate: \(gate)\(extra)}\n"
    }

    @Test("a gate written as a mapping holds while launching, keeps what it refuses, and gives its routes its expiry")
    func gateHolds() throws {
        let table = try Self.table(
            "gates:\n  signedIn: {states: [in], wait: [launching], resume: true, expiry: 10m}\n" + Self.route(""))
        let delivery = try #require(table.routes.first?.delivery)
        #expect(delivery == Delivery(waitStates: ["launching"], resumes: true, expiry: 600, presentation: .replace))
        #expect(table.gates["signedIn"] == ["in"])
    }

    @Test(
        "expiry takes whole seconds, or a whole number then s, m or h",
        arguments: [("90", 90), ("90s", 90), ("5m", 300), ("1h", 3_600), ("86400", 86_400)])
    func expiryForms(text: String, seconds: Int) throws {
        let table = try Self.table("gates:\n  signedIn: {states: [in], resume: true, expiry: \(text)}\n" + Self.route(""))
        #expect(table.routes.first?.delivery.expiry == seconds)
    }

    @Test("a route's own keys override its gate's; without any, a held link is kept five minutes")
    func routeOverrides() throws {
        let gates = "gates:\n  signedIn: {states: [in], wait: [launching], resume: true, expiry: 10m}\n"
        let own = try Self.table(gates + Self.route(", wait: [out], resume: false, expiry: 45, presentation: push"))
        #expect(own.routes.first?.delivery == Delivery(waitStates: ["out"], resumes: false, expiry: 45, presentation: .push))
        let plain = try Self.table("gates:\n  signedIn: [in]\n" + Self.route(""))
        #expect(plain.routes.first?.delivery == Delivery())
        #expect(Delivery.defaultExpiry == 300)
    }

    @Test("a secret route is presented as none unless the table says otherwise, and may not say push or replace")
    func secretPresentation() throws {
        let gates = "gates:\n  signedIn: [in]\n"
        let secret = try Self.table(gates + Self.route(", secret: true"))
        #expect(secret.routes.first?.delivery.presentation == Delivery.Presentation.none)
        #expect(
            Self.check(gates + Self.route(", secret: true, presentation: replace")) == [
                "t.yaml:7: route 'item' is secret: presentation 'replace' would put its values on the navigation path, which SwiftUI may save; use none"
            ])
    }

    @Test("every mistake in a hold is an error or warning on its line, naming the gate or route")
    func mistakes() {
        #expect(
            Self.check("gates:\n  signedIn: {states: [in], wait: [in, nowhere, launching, launching], expiry: 2d}\n" + Self.route("")) == [
                "t.yaml:5: gate 'signedIn': expiry '2d' is not a duration (whole seconds, or a whole number then s, m or h: 90, 5m, 1h)",
                "t.yaml:5: gate 'signedIn': wait: unknown state 'nowhere' (not in states)",
                "t.yaml:5: gate 'signedIn': wait lists 'launching' twice",
                "t.yaml:5: gate 'signedIn': state 'in' is both admitted and in wait; a link cannot be dispatched and held in the same state",
            ])
        #expect(
            Self.check("gates:\n  signedIn: {wait: [launching], colour: red}\n" + Self.route("")) == [
                "t.yaml:5: gate 'signedIn': unknown key 'colour' (known keys: states, wait, resume, expiry)",
                "t.yaml:5: gate 'signedIn': missing 'states'",
                "t.yaml:5: gate 'signedIn' admits no state",
            ])
        #expect(
            Self.check(
                "gates:\n  signedIn: [in]\nroutes:\n  - {name: item, path: i/$(id), params: {id: {charset: a-z}}, resume: true, presentation: sideways}\n")
                == [
                    "t.yaml:7: route 'item': resume needs a gate: no state refuses a route without one",
                    "t.yaml:7: route 'item': unknown presentation 'sideways' (use push, replace or none)",
                ])
        #expect(
            Self.check("gates:\n  signedIn: [in]\n" + Self.route(", wait: [launching, out, in]")) == [
                "t.yaml:7: route 'item' waits in every state, so its links are never opened"
            ])
        #expect(
            Self.check("gates:\n  signedIn: {states: [in], expiry: 0}\n" + Self.route("")) == [
                "t.yaml:5: gate 'signedIn': expiry 0 s is not a duration; a held link is kept at least 1 second",
                "t.yaml:5: warning: gate 'signedIn': expiry has no effect: no link is ever held (add wait or resume)",
            ])
    }
}
