import DeepLinkRouting
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Landing pages offer a way out of in-app browsers")
struct InAppEscapeTests {
    static let instagramOnIPhone = BrowserClassTests.inApp[0].userAgent
    static let facebookOnAndroid = BrowserClassTests.inApp[3].userAgent
    static let safari = BrowserClassTests.iPhone + " Version/17.0 Safari/604.1"
    static let chromeOnAndroid = BrowserClassTests.android.replacingOccurrences(of: "; wv", with: "")

    static func page(_ target: String, userAgent: String?, handler: SiteHandler = SiteFixture.handler) -> (response: HTTPResponse, answer: Answer) {
        SiteFixture.send(target, headers: userAgent.map { [("User-Agent", $0)] } ?? [], handler: handler)
    }

    @Test("an in-app browser on iOS gets a link to the same page in Safari, in plain words")
    func iOS() {
        let text = Self.page("/c/AB12", userAgent: Self.instagramOnIPhone).response.text
        #expect(text.contains(#"<a class="button primary" href="x-safari-https://links.example.com/c/AB12">Open outside Instagram</a>"#))
        #expect(text.contains("<strong>You are in Instagram's browser.</strong> It cannot open apps, so ExpresScan cannot open this link from here."))
    }

    @Test("an in-app browser on Android gets an intent link to the Android app, falling back to the page in the browser")
    func android() {
        let text = Self.page("/charger/AB_12-x", userAgent: Self.facebookOnAndroid).response.text
        let intent =
            "intent://links.example.com/c/AB_12-x#Intent;scheme=https;package=com.polarisexpress.expresscan;"
            + "S.browser_fallback_url=https%3A%2F%2Flinks.example.com%2Fc%2FAB_12-x;end"
        #expect(text.contains(#"href="\#(intent)">Open outside Facebook</a>"#))
    }

    @Test(
        "ordinary browsers and requests without a User-Agent get no way out",
        arguments: [Self.safari, Self.chromeOnAndroid, "curl/8.5.0", nil] as [String?])
    func ordinary(userAgent: String?) {
        let response = Self.page("/c/AB12", userAgent: userAgent).response
        #expect(response.status == 200)
        #expect(!response.text.contains("escape") && !response.text.contains("x-safari") && !response.text.contains("intent://"))
    }

    @Test("every landing page, secret or not, says Vary: User-Agent; the page of unknown links does not", arguments: ["/c/AB12", "/m/abcdefghijklmnop1234"])
    func vary(target: String) {
        #expect(Self.page(target, userAgent: Self.safari).response.headers["Vary"] == "User-Agent")
        #expect(Self.page("/nothing/here", userAgent: Self.safari).response.headers["Vary"] == nil)
    }

    @Test("the answer cache keeps each browser class's page apart")
    func cacheByClass() throws {
        let site = try CompiledPageTests.site(config: CompiledPageTests.permissiveConfig)
        let handler = SiteHandler(site: site, metrics: ServerMetrics())
        for _ in 0..<3 { _ = Self.page("/c/x", userAgent: Self.safari, handler: handler) }
        let cached = Self.page("/c/x", userAgent: Self.safari, handler: handler)
        guard case .prepared = cached.answer.reply else {
            Issue.record("the third ask of the same page is not a cached answer")
            return
        }
        for _ in 0..<3 {
            #expect(
                Self.page("/c/x", userAgent: Self.instagramOnIPhone, handler: handler).response.text.contains(#"href="x-safari-https://links.example.com/c/x""#)
            )
            #expect(
                Self.page("/c/x", userAgent: Self.facebookOnAndroid, handler: handler).response.text.contains(#"href="intent://links.example.com/c/x#Intent"#))
            #expect(!Self.page("/c/x", userAgent: Self.safari, handler: handler).response.text.contains("Open outside"))
        }
    }

    @Test("a secret page shows its token only in the link out, which a visitor must tap: no refresh, no store, no referrer")
    func secret() {
        let token = "abcdefghijklmnop1234"
        let inApp = Self.page("/m/" + token, userAgent: Self.instagramOnIPhone).response
        #expect(inApp.text.components(separatedBy: token).count == 2)
        #expect(inApp.text.contains(#"<a class="button primary" href="x-safari-https://links.example.com/m/\#(token)">"#))
        #expect(!inApp.text.lowercased().contains("http-equiv") && !inApp.text.contains("<script"))
        #expect(inApp.headers["Cache-Control"] == "no-store" && inApp.headers["Referrer-Policy"] == "no-referrer")
        let android = Self.page("/m/" + token, userAgent: Self.facebookOnAndroid).response.text
        #expect(android.components(separatedBy: token).count == 3)  // the intent's path and its fallback URL, in one href
        // In Safari the token is only in the Open in ExpresScan link, to the same path on the other host.
        let safari = Self.page("/m/" + token, userAgent: Self.safari).response.text
        #expect(safari.components(separatedBy: token).count == 2 && safari.contains(#"href="https://open.links.example.com/m/\#(token)">"#))
    }

    @Test(
        "the page written for each browser, with and without an Android app, is the page the template renders in full, markup and encodings included",
        arguments: ["/c/x", "/c/%3Cb%3E%22'%26x?note=%3E%25", "/c/a%2Fb?note=x%3By%23z", "/m/abcdefgh12345678"], [false, true])
    func compiledAsRendered(target: String, hasAndroid: Bool) throws {
        let site = try CompiledPageTests.site(config: hasAndroid ? StoreButtonTests.androidConfig : CompiledPageTests.permissiveConfig)
        let handler = SiteHandler(site: site, metrics: ServerMetrics())
        guard case .matched(let match) = site.table.resolve("https://links.example.com" + target) else {
            Issue.record("\(target) does not match")
            return
        }
        for userAgent in [Self.instagramOnIPhone, Self.facebookOnAndroid, Self.safari] {
            let browser = BrowserClass(userAgent: userAgent)
            let expected = LandingOracle.rendered(match, site: site, browser: browser)
            // The first ask compiles the page of its shape, the second writes it from the compiled page.
            #expect(Self.page(target, userAgent: userAgent, handler: handler).response.text == expected, "\(target) \(userAgent)")
            #expect(Self.page(target, userAgent: userAgent, handler: handler).response.text == expected, "\(target) \(userAgent)")
            #expect(expected.contains("Open outside") == (browser.inApp != nil))
            #expect(expected.contains("Get it on Google Play") == (hasAndroid && browser.platform != .iOS))
            #expect(expected.contains("Download on the App Store") == (browser.platform != .android))
        }
        #expect(LandingOracle.isCompiled(match, site: site, browser: BrowserClass(userAgent: Self.safari)))
    }
}
