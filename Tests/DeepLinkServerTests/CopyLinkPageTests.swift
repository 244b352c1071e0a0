import DeepLinkRouting
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Copy link, then install: the copy button of opted-in routes' pages")
struct CopyLinkPageTests {
    static let section = """
        <p class="link"><code>https://links.example.com/c/CH-42</code></p>
        <p><button type="button" class="button" data-copy-link="https://links.example.com/c/CH-42" data-copied="Copied. Now install ExpresScan and open it." hidden>Copy link, then install</button> <span role="status" data-copy-status></span></p>
        """

    @Test(
        "the charger page, on either host and through the alias, shows the canonical link, the button and the script, then the App Store button",
        arguments: ["links.example.com", "open.links.example.com"], ["/c/CH-42", "/charger/CH-42?utm=x"])
    func charger(host: String, target: String) throws {
        let response = SiteFixture.send(target, headers: [("Host", host)]).response
        let html = response.text
        let copy = try #require(html.range(of: Self.section))
        let store = try #require(html.range(of: "Download on the App Store"))
        #expect(copy.upperBound < store.lowerBound)
        #expect(LandingPageTests.scripts(html) == ["copy-link.js"] && html.contains(#"<script src="/static/copy-link.js?v="#))
        #expect(response.headers["Content-Security-Policy"]?.contains("script-src 'self';") == true)
        #expect(!html.contains("utm"))
    }

    @Test(
        "Android visitors, whose app reads the link from Google Play's referrer, get no button, no script and no script-src; iPhones, other browsers and none still do",
        arguments: [
            (StorePlatformTests.chromeOnAndroid, false), (BrowserClassTests.inApp[3].userAgent, false), (StorePlatformTests.safariOnIPhone, true),
            (BrowserClassTests.inApp[0].userAgent, true), (StorePlatformTests.desktop, true), (nil, true),
        ] as [(String?, Bool)])
    func byPlatform(userAgent: String?, offers: Bool) throws {
        let handler = try AnswerCacheTests.freshHandler()
        // Three asks: the one-off page, the page the cache keeps, and the kept page.
        for _ in 0..<3 {
            let response = SiteFixture.send("/c/CH-42", headers: userAgent.map { [("User-Agent", $0)] } ?? [], handler: handler).response
            let html = response.text
            #expect(response.status == 200)
            #expect(html.contains(Self.section) == offers, "\(userAgent ?? "none")")
            #expect(html.contains("data-copy-link") == offers && LandingPageTests.scripts(html) == (offers ? ["copy-link.js"] : []))
            let policy = response.headers["Content-Security-Policy"] ?? ""
            #expect(policy.contains(offers ? "script-src 'self';" : "script-src 'none';"), "\(policy)")
            // The canonical link stays in the page's head either way.
            #expect(html.contains(#"<link rel="canonical" href="https://links.example.com/c/CH-42">"#))
        }
    }

    @Test("pages of routes without copyLink, secret or not, have no button, no script and no script-src", arguments: ["/u/abcd", "/m/abcdefghijklmnop1234"])
    func others(target: String) {
        let response = SiteFixture.send(target).response
        #expect(response.status == 200)
        #expect(!response.text.contains("data-copy-link") && LandingPageTests.scripts(response.text).isEmpty)
        #expect(response.headers["Content-Security-Policy"]?.contains("script-src 'none';") == true)
    }

    @Test("the script is served as JavaScript, versioned and immutable, and only copies on a click")
    func script() throws {
        let html = SiteFixture.send("/c/CH-42").response.text
        let start = try #require(html.range(of: #"<script src=""#))
        let path = String(html[start.upperBound...].prefix { $0 != "\"" })
        let response = SiteFixture.send(path).response
        #expect(response.status == 200 && response.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        let script = response.text
        #expect(script.contains(#"button.addEventListener("click""#) && script.contains("navigator.clipboard.writeText"))
        #expect(!script.contains("readText") && !script.contains("fetch(") && !script.contains("localStorage") && !script.contains("cookie"))
    }
}
