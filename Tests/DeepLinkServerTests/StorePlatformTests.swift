import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Store buttons by platform: the App Store on iOS, Google Play on Android, both elsewhere")
struct StorePlatformTests {
    static let safariOnIPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    static let chromeOnAndroid =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"

    static let appStore = #"<a class="button primary" href="https://apps.apple.com/app/id1234567890?mt=8">Download on the App Store</a>"#
    static let play = #"">Get it on Google Play</a>"#

    static func page(_ target: String, userAgent: String?, handler: SiteHandler = SiteFixture.handler) -> String {
        SiteFixture.send(target, headers: userAgent.map { [("User-Agent", $0)] } ?? [], handler: handler).response.text
    }

    @Test(
        "each visitor gets the store of their phone, or both",
        arguments: [
            (safariOnIPhone, true, false), (BrowserClassTests.inApp[0].userAgent, true, false), (chromeOnAndroid, false, true),
            (BrowserClassTests.inApp[3].userAgent, false, true), (desktop, true, true), ("curl/8.5.0", true, true), (nil, true, true),
        ] as [(String?, Bool, Bool)])
    func buttons(userAgent: String?, hasAppStore: Bool, hasPlay: Bool) {
        for target in ["/c/AB12", "/u/abcd", "/m/abcdefghijklmnop1234"] {
            let text = Self.page(target, userAgent: userAgent)
            #expect(text.contains(Self.appStore) == hasAppStore, "\(target) \(userAgent ?? "none")")
            #expect(text.contains(Self.play) == hasPlay, "\(target) \(userAgent ?? "none")")
        }
    }

    @Test("the answer cache keeps the page of each platform apart: a cached iPhone page never reaches Android or a desktop")
    func cacheByPlatform() throws {
        let site = try CompiledPageTests.site(config: StoreButtonTests.androidConfig)
        let handler = SiteHandler(site: site, metrics: ServerMetrics())
        for _ in 0..<3 { _ = Self.page("/c/x", userAgent: Self.safariOnIPhone, handler: handler) }
        let cached = SiteFixture.send("/c/x", headers: [("User-Agent", Self.safariOnIPhone)], handler: handler)
        guard case .prepared = cached.answer.reply else {
            Issue.record("the fourth ask of the same page is not a cached answer")
            return
        }
        for _ in 0..<3 {
            let android = Self.page("/c/x", userAgent: Self.chromeOnAndroid, handler: handler)
            #expect(android.contains("Get it on Google Play") && !android.contains("Download on the App Store"))
            let desktop = Self.page("/c/x", userAgent: Self.desktop, handler: handler)
            #expect(desktop.contains("Get it on Google Play") && desktop.contains("Download on the App Store"))
            let iPhone = Self.page("/c/x", userAgent: Self.safariOnIPhone, handler: handler)
            #expect(!iPhone.contains("Get it on Google Play") && iPhone.contains("Download on the App Store"))
        }
    }

    @Test("ordinary browsers on iOS and Android have classes of their own, neither in-app nor the desktop's")
    func classes() {
        let iPhone = BrowserClass(userAgent: Self.safariOnIPhone)
        let android = BrowserClass(userAgent: Self.chromeOnAndroid)
        #expect(iPhone == .ordinary(on: .iOS) && iPhone.platform == .iOS && iPhone.inApp == nil)
        #expect(android == .ordinary(on: .android) && android.platform == .android && android.inApp == nil)
        #expect(BrowserClass(userAgent: Self.desktop) == .ordinary && BrowserClass.ordinary.platform == nil)
    }
}
