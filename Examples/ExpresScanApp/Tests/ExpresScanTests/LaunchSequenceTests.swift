import ExpresScan
import Foundation
import Testing

/// Launches as the seeds describe them, through the router's inbox with a clock the test moves: a link that arrives
/// before the app can decide waits, is handed over once when a state admits it, and is dropped when one refuses it or
/// when it expired.
@Suite("A launch through the inbox, with an injected clock")
struct LaunchSequenceTests {
    static let userQR = "https://links.example.com/u/abcd"
    static let receipt = "https://links.example.com/r/RC-123456"

    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test("a /u/ link during launching waits, is dispatched once on welcome, and a second /u/ once ready is ignored")
    func signInDuringLaunch() throws {
        let clock = TestClock()
        let router = LinkRouter(state: .launching, clock: clock.read)
        let link = DeepLink.userQrSignIn(publicId: "abcd")
        #expect(router.open(try Self.url(Self.userQR)) == [.wait(link, reason: .undecidedState)])
        clock.advance(by: 1)
        #expect(router.enter(.welcome) == [.dispatch(link, notification: DeepLink.Notifications.userQrSignInRequested, presentation: .none)])
        #expect(router.enter(.customerSigningIn) == [])
        #expect(router.enter(.ready) == [])
        clock.advance(by: 10)
        let second = DeepLink.userQrSignIn(publicId: "wxyz")
        #expect(router.open(try Self.url("https://links.example.com/u/wxyz")) == [.ignore(second, reason: .gateClosed)])
        #expect(router.inbox.held.isEmpty)
    }

    @Test("a /u/ link during launching is dropped when the Keychain check finds the user signed in")
    func signInDroppedWhenSignedIn() throws {
        let router = LinkRouter(state: .launching, clock: TestClock().read)
        #expect(router.open(try Self.url(Self.userQR)) == [.wait(.userQrSignIn(publicId: "abcd"), reason: .undecidedState)])
        #expect(router.enter(.ready) == [.ignore(.userQrSignIn(publicId: "abcd"), reason: .gateClosed)])
        #expect(router.enter(.welcome) == [])
    }

    @Test("a link to a screen behind sign-in, opened during welcome, opens after sign-in and only then")
    func receiptAfterSignIn() throws {
        let clock = TestClock()
        let router = LinkRouter(state: .welcome, clock: clock.read)
        let link = DeepLink.receipt(receiptId: "RC-123456")
        #expect(router.open(try Self.url(Self.receipt)) == [.wait(link, reason: .notYetAdmitted)])
        for state in [DeepLink.AppState.loggingIn, .registering, .priming] {
            clock.advance(by: 20)
            #expect(router.enter(state) == [])
        }
        #expect(router.enter(.ready) == [.dispatch(link, notification: DeepLink.Notifications.receiptDeepLinkRequested, presentation: .push)])
        #expect(router.enter(.welcome) == [] && router.enter(.ready) == [])
        var path: [DeepLink] = [.charger(id: "CH-1")]
        router.handle([.dispatch(link, notification: link.notification, presentation: .push)], on: &path, center: NotificationCenter())
        #expect(path == [.charger(id: "CH-1"), link])
    }

    @Test("the same sign-in link through both hooks, and through the scene's connection options, is handed over once")
    func bothHooksDeliverOnce() throws {
        let clock = TestClock()
        let router = LinkRouter(state: .welcome, clock: clock.read)
        let link = DeepLink.userQrSignIn(publicId: "abcd")
        let dispatched: LinkRouter.Outcome = .dispatch(link, notification: link.notification, presentation: .none)
        #expect(router.open(try Self.url(Self.userQR), from: .openURL) == [dispatched])
        clock.advance(by: 0.3)
        #expect(router.open(try Self.url(Self.userQR), from: .browsingActivity) == [.ignore(link, reason: .duplicate)])

        // A cold start: the scene's connection options carry the link, then onOpenURL delivers it again.
        let cold = LinkRouter(state: .launching, clock: clock.read)
        #expect(cold.open(try Self.url(Self.userQR), from: .launch) == [.wait(link, reason: .undecidedState)])
        clock.advance(by: 0.5)
        #expect(cold.open(try Self.url(Self.userQR), from: .openURL) == [.ignore(link, reason: .duplicate)])
        #expect(cold.enter(.welcome) == [dispatched])
        clock.advance(by: 1)
        #expect(cold.open(try Self.url(Self.userQR), from: .browsingActivity) == [.ignore(link, reason: .duplicate)])
    }

    @Test("a link that is not secret opens again once the window has passed; a secret one never again in the inbox's life")
    func windowAndSecrets() throws {
        let clock = TestClock()
        let router = LinkRouter(state: .welcome, clock: clock.read)
        let charger = DeepLink.charger(id: "CH-42")
        let token = "tok_0123456789abcdef"
        let magic = DeepLink.magicEmailSignIn(token: token)
        #expect(router.open(string: "https://links.example.com/c/CH-42") == [.dispatch(charger, notification: charger.notification, presentation: .replace)])
        #expect(router.open(string: "https://links.example.com/m/\(token)") == [.dispatch(magic, notification: magic.notification, presentation: .none)])
        clock.advance(by: DeepLink.Inbox.defaultWindow + 1)
        #expect(router.open(string: "expchg://c/CH-42") == [.dispatch(charger, notification: charger.notification, presentation: .replace)])
        #expect(router.open(string: "https://links.example.com/m/\(token)") == [.ignore(magic, reason: .duplicate)])
        clock.advance(by: 3_600)
        #expect(router.open(string: "https://links.example.com/m/\(token)") == [.ignore(magic, reason: .duplicate)])
    }

    @Test("a held link is dropped when its expiry has passed, before the state that would have admitted it")
    func expiredLinkDropped() throws {
        let clock = TestClock()
        let router = LinkRouter(state: .welcome, clock: clock.read)
        let link = DeepLink.receipt(receiptId: "RC-123456")
        #expect(link.holdExpiry == 600)
        #expect(router.open(try Self.url(Self.receipt)) == [.wait(link, reason: .notYetAdmitted)])
        clock.advance(by: 599)
        #expect(router.inbox.expire() == [] && router.inbox.held.map(\.link) == [link])
        clock.advance(by: 1)
        #expect(router.enter(.ready) == [.ignore(link, reason: .expired)])
        #expect(router.inbox.held.isEmpty)
    }

    @Test("a sign-in link held while launching expires after the default five minutes")
    func defaultExpiry() throws {
        let clock = TestClock()
        let router = LinkRouter(state: .launching, clock: clock.read)
        let link = DeepLink.userQrSignIn(publicId: "abcd")
        #expect(link.holdExpiry == 300)
        _ = router.open(try Self.url(Self.userQR))
        clock.advance(by: 300)
        #expect(router.inbox.expire() == [.dropped(DeepLink.Arrival(link: link, channel: .universal, entry: .openURL), .expired)])
        #expect(router.enter(.welcome) == [])
    }

    @Test("links that arrive together while launching are decided in the order they came")
    func heldInOrder() throws {
        let router = LinkRouter(state: .launching, clock: TestClock().read)
        _ = router.open(try Self.url(Self.receipt))
        _ = router.open(try Self.url(Self.userQR))
        _ = router.open(string: "expchg://c/CH-9")
        #expect(router.inbox.held.map(\.link) == [.receipt(receiptId: "RC-123456"), .userQrSignIn(publicId: "abcd")])
        let signIn = DeepLink.userQrSignIn(publicId: "abcd")
        #expect(
            router.enter(.welcome) == [
                .dispatch(signIn, notification: signIn.notification, presentation: .none)
            ])
        #expect(router.inbox.held.map(\.link) == [.receipt(receiptId: "RC-123456")])
    }
}
