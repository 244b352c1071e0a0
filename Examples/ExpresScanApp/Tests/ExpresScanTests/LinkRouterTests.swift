import ExpresScan
import Foundation
import Testing

@Suite("LinkRouter: the seed dispatcher on the generated DeepLink")
struct LinkRouterTests {
    static let router = LinkRouter()
    static let token = "tok_0123456789abcdef"

    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test(
        "every seed link shape opens its link, posts its notification and fills the path, from the Universal Link and the custom scheme",
        arguments: [
            ("https://links.example.com/c/CH-42", DeepLink.charger(id: "CH-42"), Notification.Name("chargerDeepLinkRequested")),
            ("expchg://c/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested),
            ("EXPCHG://c/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested),
            ("https://links.example.com/charger/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested),
            ("expchg://charger/CH-42", .charger(id: "CH-42"), DeepLink.Notifications.chargerDeepLinkRequested),
            ("https://links.example.com/u/abcd", .userQrSignIn(publicId: "abcd"), DeepLink.Notifications.userQrSignInRequested),
            (
                "https://links.example.com/auth/callback?code=abc.123", .registrationCallback(code: "abc.123"),
                DeepLink.Notifications.universalLinkRegistrationCallback
            ),
        ])
    func shapes(text: String, link: DeepLink, notification: Notification.Name) throws {
        #expect(Self.router.route(try Self.url(text), in: .welcome) == .dispatch(link, notification: notification, path: [link]))
        #expect(Self.router.route(string: text, in: .welcome) == .dispatch(link, notification: notification, path: [link]))
    }

    @Test("a secret sign-in link is dispatched to the coordinator and never given a navigation path")
    func secretLinkHasNoPath() throws {
        let link = DeepLink.magicEmailSignIn(token: Self.token)
        let outcome = Self.router.route(try Self.url("https://links.example.com/m/\(Self.token)"), in: .welcome)
        #expect(outcome == .dispatch(link, notification: DeepLink.Notifications.magicEmailSignInRequested, path: nil))
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
            ("expchg://auth/callback?code=abc", .registrationCallback),
        ])
    func customSchemeRefused(text: String, route: DeepLink.Route) throws {
        let expected = DeepLink.Unmatched(
            reason: .channelNotAllowed, detail: "route '\(route.rawValue)' cannot be opened from expchg: (its scopes: universal)", route: route)
        #expect(Self.router.route(try Self.url(text), in: .welcome) == .unmatched(expected))
    }

    @Test("dispatch order is the table's: the most specific shapes first, the generic callback last")
    func order() throws {
        #expect(DeepLink.Route.allCases.map(\.rawValue) == ["charger", "magicEmailSignIn", "userQrSignIn", "registrationCallback"])
        // A charger link with a stray code is still a charger link, never the PKCE callback.
        #expect(DeepLink(url: try Self.url("https://links.example.com/c/CH-1?code=abc")) == .charger(id: "CH-1"))
        #expect(DeepLink(url: try Self.url("https://links.example.com/auth/callback")) == nil)
        #expect(DeepLink(url: try Self.url("https://links.example.com/c/CH-1/extra")) == nil)
    }

    static let signedOut: Set<DeepLink.AppState> = [.launching, .welcome, .loggingIn, .customerSigningIn]

    @Test("sign-in links dispatch only from the signed-out states; charger and callback links from every state", arguments: DeepLink.AppState.allCases)
    func gate(state: DeepLink.AppState) throws {
        let link = DeepLink.userQrSignIn(publicId: "abcd")
        let expected: LinkRouter.Outcome =
            Self.signedOut.contains(state) ? .dispatch(link, notification: link.notification, path: [link]) : .ignore(link, state: state)
        #expect(Self.router.route(try #require(link.universalLink), in: state) == expected)
        #expect(DeepLink.magicEmailSignIn(token: Self.token).action(in: state) == (Self.signedOut.contains(state) ? .dispatch : .ignore))
        for link in [DeepLink.charger(id: "CH-42"), .registrationCallback(code: "xyz")] {
            #expect(link.action(in: state) == .dispatch)
        }
    }

    @Test(
        "link → URL → link round trips through both canonical links",
        arguments: [
            DeepLink.charger(id: "CH-42"), .charger(id: "a_b-C"), .magicEmailSignIn(token: token), .userQrSignIn(publicId: "user-1"),
            .registrationCallback(code: "a.b~c-d_e"),
        ])
    func roundTrip(link: DeepLink) throws {
        let universal = try #require(link.universalLink)
        #expect(universal.scheme == "https" && universal.host == "links.example.com")
        #expect(DeepLink(url: universal) == link)
        #expect(DeepLink(string: universal.absoluteString) == link)
        if case .charger(let id) = link {
            #expect(link.appLink?.absoluteString == "expchg://c/\(id)")
            #expect(DeepLink(url: try #require(link.appLink)) == link)
        } else {
            #expect(link.appLink == nil)
        }
    }

    @Test("handle posts the notification with the link, and posts nothing for an ignored link")
    func posting() async throws {
        let center = NotificationCenter()
        let received = Received()
        let observer = center.addObserver(forName: DeepLink.Notifications.userQrSignInRequested, object: nil, queue: nil) { note in
            received.add(note.userInfo?[LinkRouter.linkKey] as? DeepLink)
        }
        defer { center.removeObserver(observer) }
        let url = try Self.url("https://links.example.com/u/abcd")
        Self.router.handle(url, in: .ready, center: center)
        Self.router.handle(url, in: .welcome, center: center)
        #expect(received.links == [.userQrSignIn(publicId: "abcd")])
    }
}

/// Links a notification observer received.
final class Received: @unchecked Sendable {
    // Observers run synchronously on the posting thread, which is the test's, so no lock is needed.
    private(set) var links: [DeepLink?] = []

    func add(_ link: DeepLink?) { links.append(link) }
}
