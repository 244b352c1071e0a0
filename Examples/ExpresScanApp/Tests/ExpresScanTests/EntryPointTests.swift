import ExpresScan
import Foundation
import Testing

/// Every way a link comes in goes through the one parser: push payloads, Spotlight items, Handoff, activities,
/// scanned and pasted strings; each with the helper that writes what the other side reads. The parsing half of each
/// runs here on Linux; the Apple types (`NSUserActivity`, `CSSearchableItem`) only hand these their fields.
@Suite("Every entry point through the same parser")
struct EntryPointTests {
    static let charger = DeepLink.charger(id: "CH-42")
    static let token = "tok_0123456789abcdef"

    @Test("a push payload and a Spotlight item reach the same case, written by the helpers of the sending and indexing sides")
    func pushAndSpotlight() throws {
        let payload = try #require(Self.charger.pushPayload)
        #expect(payload == ["deeplink": "https://links.example.com/c/CH-42"])
        let aps: [AnyHashable: Any] = ["aps": ["alert": "Charger CH-42 is free"], DeepLink.Arrival.payloadKey: payload["deeplink"] ?? ""]
        #expect(DeepLink(pushPayload: aps) == Self.charger)
        let identifier = try #require(Self.charger.spotlightIdentifier)
        #expect(identifier == "https://links.example.com/c/CH-42")
        #expect(DeepLink(spotlightIdentifier: identifier) == Self.charger)
        let spotlight = DeepLink(
            activityType: "com.apple.corespotlightitem", webpageURL: nil, userInfo: ["kCSSearchableItemActivityIdentifier": identifier])
        #expect(spotlight == Self.charger)

        let router = LinkRouter(state: .ready, clock: TestClock().read)
        let dispatched: LinkRouter.Outcome = .dispatch(Self.charger, notification: Self.charger.notification, presentation: .replace)
        #expect(router.open(pushPayload: aps) == [dispatched])
        let other = LinkRouter(state: .ready, clock: TestClock().read)
        #expect(
            other.open(
                activityType: "com.apple.corespotlightitem", webpageURL: nil, userInfo: ["kCSSearchableItemActivityIdentifier": identifier])
                == [dispatched])
    }

    @Test("a secret link is never written into a push payload or a Spotlight index")
    func secretsStayOut() {
        let magic = DeepLink.magicEmailSignIn(token: Self.token)
        #expect(magic.pushPayload == nil)
        #expect(magic.spotlightIdentifier == nil)
        #expect(DeepLink.registrationCallback(code: "abc", state: nil).spotlightIdentifier == "https://links.example.com/auth/callback?code=abc")
    }

    @Test("a payload that carries no link string under the key gives nothing: no link, no event")
    func payloadsWithoutLinks() {
        let payloads: [[AnyHashable: Any]] = [[:], ["deeplink": 42], ["url": "https://links.example.com/c/CH-42"]]
        for userInfo in payloads {
            #expect(DeepLink(pushPayload: userInfo) == nil)
            #expect(LinkRouter(clock: TestClock().read).open(pushPayload: userInfo) == [])
        }
    }

    @Test("a payload whose link no route takes is unmatched with the server's reason and detail")
    func unmatchedPayload() {
        let outcomes = LinkRouter(clock: TestClock().read).open(pushPayload: ["deeplink": "https://links.example.com/c/has space"])
        #expect(outcomes == [.unmatched(DeepLink.Unmatched(reason: .malformedURL, detail: "URL contains a space or control character at byte 31"))])
    }

    @Test("Handoff: another activity's webpage URL, or the link string in its userInfo")
    func handoff() throws {
        let url = try #require(URL(string: "https://links.example.com/c/CH-42"))
        #expect(DeepLink(activityType: "com.polarisexpress.expresscan.charger", webpageURL: url, userInfo: nil) == Self.charger)
        #expect(DeepLink(activityType: "com.polarisexpress.expresscan.charger", webpageURL: nil, userInfo: ["deeplink": "expchg://c/CH-42"]) == Self.charger)
        #expect(DeepLink(activityType: "com.polarisexpress.expresscan.charger", webpageURL: nil, userInfo: nil) == nil)
        #expect(DeepLink(activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: url, userInfo: nil) == Self.charger)
        // A browsing activity's link is its URL, never a string in its userInfo.
        #expect(DeepLink(activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: nil, userInfo: ["deeplink": url.absoluteString]) == nil)
        let arrival = try DeepLink.Arrival.parse(activityType: "com.polarisexpress.expresscan.charger", webpageURL: url, userInfo: nil)?.get()
        #expect(arrival?.entry == .handoff)
    }

    @Test(
        "a parsed link keeps its channel and the alias it came through, to report old sticker shapes",
        arguments: [
            ("https://links.example.com/c/CH-42", DeepLink.Arrival.Channel.universal, nil as String?),
            ("https://links.example.com/charger/CH-42", .universal, "charger/$(id)"), ("expchg://c/CH-42", .app, nil),
            ("EXPCHG:charger/CH-42", .app, "charger/$(id)"),
        ])
    func channelAndAlias(text: String, channel: DeepLink.Arrival.Channel, via: String?) throws {
        let arrival = try DeepLink.Arrival.parse(text, from: .scan).get()
        #expect(arrival == DeepLink.Arrival(link: Self.charger, channel: channel, via: via, entry: .scan))
        let fromURL = try DeepLink.Arrival.parse(try #require(URL(string: text)), from: .openURL).get()
        #expect(fromURL.channel == channel && fromURL.via == via && fromURL.entry == .openURL)
    }

    @Test("an arrival and an inbox event describe a secret link without its token")
    func redactedArrivals() throws {
        let arrival = try DeepLink.Arrival.parse("https://links.example.com/m/\(Self.token)", from: .paste).get()
        #expect(arrival.description == "magicEmailSignIn(token: <redacted>) (universal, from paste)")
        let events = DeepLink.Inbox(state: .ready, clock: TestClock().read).receive(arrival.link, from: .paste)
        #expect(events.map(\.description) == ["dropped (gateClosed) magicEmailSignIn(token: <redacted>) (from paste)"])
        var dumped = ""
        dump(events, to: &dumped)
        #expect(!dumped.contains(Self.token))
    }

    @Test("the notification a link posts carries the link, read back by init(notification:)")
    func notificationPayload() {
        let center = NotificationCenter()
        let received = Received()
        let observer = center.addObserver(forName: DeepLink.Notifications.chargerDeepLinkRequested, object: nil, queue: nil) { note in
            received.add(DeepLink(notification: note))
        }
        defer { center.removeObserver(observer) }
        #expect(Self.charger.post(to: center))
        #expect(received.links == [Self.charger])
        #expect(DeepLink(notification: Notification(name: DeepLink.Notifications.chargerDeepLinkRequested)) == nil)
        #expect(DeepLink.Notifications.linkKey == "link")
    }
}
