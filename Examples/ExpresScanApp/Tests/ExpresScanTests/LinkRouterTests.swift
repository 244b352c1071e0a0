import ExpresScan
import Foundation
import Testing

@Suite("LinkRouter: the seed dispatcher on the generated DeepLink and its inbox")
struct LinkRouterTests {
    static let token = "tok_0123456789abcdef"

    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    /// A router already past launching, in `state`.
    static func router(in state: DeepLink.AppState = .welcome) -> LinkRouter {
        LinkRouter(state: state, clock: TestClock().read)
    }

    @Test(
        "every seed link shape opens its link with its notification and presentation, from the Universal Link and the custom scheme",
        arguments: [
            ("https://links.example.com/c/CH-42", DeepLink.charger(id: "CH-42"), Notification.Name("chargerDeepLinkRequested"), DeepLink.Presentation.replace),
            ("expchg://c/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested, .replace),
            ("EXPCHG://c/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested, .replace),
            ("https://links.example.com/charger/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested, .replace),
            ("expchg://charger/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested, .replace),
            ("https://links.example.com/u/abcd", .userQrSignIn(publicId: "abcd"), DeepLink.Notifications.userQrSignInRequested, .none),
            (
                "https://links.example.com/auth/callback?code=abc.123", .registrationCallback(code: "abc.123", state: nil),
                DeepLink.Notifications.universalLinkRegistrationCallback, .none
            ),
        ])
    func shapes(text: String, link: DeepLink, notification: Notification.Name, presentation: DeepLink.Presentation) throws {
        #expect(Self.router().open(try Self.url(text)) == [.dispatch(link, notification: notification, presentation: presentation)])
        #expect(Self.router().open(string: text) == [.dispatch(link, notification: notification, presentation: presentation)])
    }

    @Test("no sign-in or registration link of the table ever reaches the navigation path; the charger link replaces it")
    func signInLinksNeverReachThePath() {
        for route in DeepLink.Route.allCases {
            var path: [DeepLink] = [.charger(id: "CH-1")]
            let link = route.sample
            link.present(on: &path)
            switch route {
            case .magicEmailSignIn, .userQrSignIn, .registrationError, .registrationCallback:
                #expect(link.presentation == .none && path == [.charger(id: "CH-1")], "\(route)")
            case .charger:
                #expect(link.presentation == .replace && path == link.stack)
            case .receipt:
                #expect(link.presentation == .push && path == [.charger(id: "CH-1"), link])
            }
        }
    }

    @Test("a link that came through the alias is written back with the canonical path")
    func aliasLinksAreCanonical() throws {
        let link = try #require(DeepLink(url: try Self.url("https://links.example.com/charger/CH-42")))
        #expect(link.universalLink?.absoluteString == "https://links.example.com/c/CH-42")
        #expect(link.appLink?.absoluteString == "expchg://c/CH-42")
    }

    @Test(
        "sign-in and callback links are refused over expchg://, with the reason the server gives",
        arguments: [
            ("expchg://m/\(token)", DeepLink.Route.magicEmailSignIn), ("expchg://u/abcd", .userQrSignIn),
            ("expchg://auth/callback?code=abc", .registrationError),
        ])
    func customSchemeRefused(text: String, route: DeepLink.Route) throws {
        let expected = DeepLink.Unmatched(
            reason: .channelNotAllowed, detail: "route '\(route.rawValue)' cannot be opened from expchg: (its scopes: universal)", route: route)
        #expect(Self.router().open(try Self.url(text)) == [.unmatched(expected)])
    }

    @Test("dispatch order is the table's: the most specific shapes first, the OAuth error before the generic callback")
    func order() throws {
        #expect(
            DeepLink.Route.allCases.map(\.rawValue) == [
                "charger", "magicEmailSignIn", "userQrSignIn", "registrationError", "registrationCallback", "receipt",
            ])
        // A charger link with a stray code is still a charger link, never the PKCE callback.
        #expect(DeepLink(url: try Self.url("https://links.example.com/c/CH-1?code=abc")) == .charger(id: "CH-1"))
        #expect(DeepLink(url: try Self.url("https://links.example.com/auth/callback")) == nil)
        #expect(DeepLink(url: try Self.url("https://links.example.com/c/CH-1/extra")) == nil)
    }

    static let signedOut: Set<DeepLink.AppState> = [.welcome, .loggingIn, .customerSigningIn]

    @Test(
        "sign-in links wait while launching, dispatch while signed out and are ignored otherwise; charger and callback links dispatch in every state",
        arguments: DeepLink.AppState.allCases)
    func gate(state: DeepLink.AppState) throws {
        let link = DeepLink.userQrSignIn(publicId: "abcd")
        let expected: LinkRouter.Outcome =
            state == .launching
            ? .wait(link, reason: .undecidedState)
            : Self.signedOut.contains(state) ? .dispatch(link, notification: link.notification, presentation: .none) : .ignore(link, reason: .gateClosed)
        #expect(Self.router(in: state).open(link.universalLink) == [expected])
        let magic = DeepLink.magicEmailSignIn(token: Self.token)
        let action: DeepLink.Action =
            state == .launching ? .wait(.undecidedState) : Self.signedOut.contains(state) ? .dispatch : .ignore(.gateClosed)
        #expect(magic.action(in: state) == action)
        for link in [
            DeepLink.charger(id: "CH-42"), .registrationCallback(code: "xyz", state: nil), .registrationError(error: "x", errorDescription: nil, state: nil),
        ] {
            #expect(link.action(in: state) == .dispatch)
        }
        let receipt = DeepLink.receipt(receiptId: "RC-123456")
        let receiptAction: DeepLink.Action = state == .launching ? .wait(.undecidedState) : state == .ready ? .dispatch : .wait(.notYetAdmitted)
        #expect(receipt.action(in: state) == receiptAction)
    }

    @Test(
        "a build older than the receipt's minAppVersion is asked to update in every state; one at 2.3 or later gets its gate's answer",
        arguments: DeepLink.AppState.allCases)
    func update(state: DeepLink.AppState) throws {
        let receipt = DeepLink.receipt(receiptId: "RC-123456")
        #expect(receipt.minAppVersion == "2.3" && DeepLink.charger(id: "CH-42").minAppVersion == nil)
        for old in ["2.2.9", "2", "0.1"] {
            #expect(receipt.action(in: state, appVersion: old) == .update(minimum: "2.3"))
            let router = LinkRouter(state: state, appVersion: old, clock: TestClock().read)
            #expect(router.open(receipt.universalLink) == [.update(receipt, minimum: "2.3")])
            #expect(router.inbox.held.isEmpty)
        }
        for new in ["2.3", "2.3.0", "2.10", nil, "not a version"] as [String?] {
            #expect(receipt.action(in: state, appVersion: new) == receipt.action(in: state))
        }
        #expect(DeepLink.charger(id: "CH-42").action(in: state, appVersion: "0") == .dispatch)
        #expect(DeepLink.Action.update(minimum: "2.3").name == "update" && DeepLink.Action.update(minimum: "2.3").description == "update(2.3)")
    }

    @Test(
        "link → URL → link round trips through both canonical links",
        arguments: [
            DeepLink.charger(id: "CH-42"), .charger(id: "a_b-C"), .magicEmailSignIn(token: token), .userQrSignIn(publicId: "user-1"),
            .registrationCallback(code: "a.b~c-d_e", state: "s"), .registrationError(error: "access_denied", errorDescription: "No!", state: nil),
            .receipt(receiptId: "RC-123456"),
        ])
    func roundTrip(link: DeepLink) throws {
        let universal = try #require(link.universalLink)
        #expect(universal.scheme == "https" && universal.host == "links.example.com")
        #expect(DeepLink(url: universal) == link)
        #expect(DeepLink(string: universal.absoluteString) == link)
        switch link {
        case .charger(let id):
            #expect(link.appLink?.absoluteString == "expchg://c/\(id)")
            #expect(DeepLink(url: try #require(link.appLink)) == link)
        case .receipt(let id):
            #expect(link.appLink?.absoluteString == "expchg://r/\(id)")
        default:
            #expect(link.appLink == nil)
        }
    }

    @Test("handle posts the notification with the link and presents it, and does nothing for an ignored link")
    func posting() async throws {
        let center = NotificationCenter()
        let received = Received()
        let observer = center.addObserver(forName: DeepLink.Notifications.userQrSignInRequested, object: nil, queue: nil) { note in
            received.add(DeepLink(notification: note))
        }
        defer { center.removeObserver(observer) }
        let url = try Self.url("https://links.example.com/u/abcd")
        var path: [DeepLink] = [.charger(id: "CH-1")]
        let ready = Self.router(in: .ready)
        ready.handle(ready.open(url), on: &path, center: center)
        let welcome = Self.router(in: .welcome)
        welcome.handle(welcome.open(url), on: &path, center: center)
        #expect(received.links == [.userQrSignIn(publicId: "abcd")])
        #expect(path == [.charger(id: "CH-1")])
    }
}

/// Links a notification observer received.
final class Received: @unchecked Sendable {
    // Observers run synchronously on the posting thread, which is the test's, so no lock is needed.
    private(set) var links: [DeepLink?] = []

    func add(_ link: DeepLink?) { links.append(link) }
}
