import DeepLinkRouting
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("The Open in the app button of Universal-only routes, across to the other host")
struct OpenInAppButtonTests {
    static let token = "abcdefghijklmnop1234"

    static func page(_ target: String, host: String, userAgent: String = InAppEscapeTests.safari) -> HTTPResponse {
        SiteFixture.send(target, headers: [("Host", host), ("User-Agent", userAgent)]).response
    }

    static func button(_ href: String) -> String {
        #"<a class="button" href="\#(href)">Open in ExpresScan</a>"#
    }

    @Test(
        "a sign-in page links to the same path and query on the other host, each way",
        arguments: [
            ("links.example.com", "https://open.links.example.com/"), ("open.links.example.com", "https://links.example.com/"),
            ("LINKS.example.com:443", "https://open.links.example.com/"), ("unknown.example", "https://open.links.example.com/"),
        ])
    func signIn(host: String, origin: String) {
        for _ in 0..<2 {  // the second answer comes from the cache, kept per host
            #expect(Self.page("/u/abcd", host: host).text.contains(Self.button(origin + "u/abcd")))
        }
    }

    @Test("the link carries the route's values and nothing else of the URL: an unknown query item stays behind")
    func nothingMore() {
        let text = Self.page("/u/ab_c-D?utm_source=mail&x=%3Cb%3E", host: "links.example.com").text
        #expect(text.contains(Self.button("https://open.links.example.com/u/ab_c-D")))
        #expect(!text.contains("utm_source") && !text.contains("%3Cb%3E"))
    }

    @Test("the secret page carries its token only in that link, with no-store and no-referrer, on both hosts")
    func secret() throws {
        for (host, origin) in [("links.example.com", "https://open.links.example.com/"), ("open.links.example.com", "https://links.example.com/")] {
            let response = Self.page("/m/" + Self.token, host: host)
            #expect(response.status == 200)
            #expect(response.headers["Cache-Control"] == "no-store" && response.headers["Referrer-Policy"] == "no-referrer")
            #expect(response.text.contains(Self.button(origin + "m/" + Self.token)))
            #expect(response.text.components(separatedBy: Self.token).count == 2)
        }
    }

    @Test("an in-app browser gets the way out instead, which opens no Universal Link either: the token is once in the page")
    func inAppBrowser() {
        let text = Self.page("/m/" + Self.token, host: "open.links.example.com", userAgent: InAppEscapeTests.instagramOnIPhone).text
        #expect(!text.contains("Open in ExpresScan</a>"))
        #expect(text.contains("x-safari-https://links.example.com/m/" + Self.token))
        #expect(text.components(separatedBy: Self.token).count == 2)
    }

    @Test("the charger page, which has the app scheme, has no such button but its expchg:// one")
    func charger() {
        let text = Self.page("/c/AB12", host: "open.links.example.com").text
        #expect(!text.contains("https://open.links.example.com/c/AB12\">") && !text.contains(Self.button("https://links.example.com/c/AB12")))
        #expect(text.contains(#"<a class="button" href="expchg://c/AB12">Open in ExpresScan</a>"#))
    }

    @Test("the alternate host serves the AASA and the landing pages, as the first host does")
    func alternateHostServes() {
        let first = SiteFixture.send("/.well-known/apple-app-site-association", headers: [("Host", "links.example.com")]).response
        let alternate = SiteFixture.send("/.well-known/apple-app-site-association", headers: [("Host", "open.links.example.com")]).response
        #expect(first.status == 200 && alternate.status == 200 && first.body == alternate.body)
        #expect(Self.page("/c/AB12", host: "open.links.example.com").status == 200)
    }

    @Test("a table without openInAppDomain has no such button")
    func absent() throws {
        let site = try CompiledPageTests.site(config: CompiledPageTests.permissiveConfig)
        let response = SiteFixture.send("/m/abcdefgh12345678", handler: SiteHandler(site: site, metrics: ServerMetrics())).response
        #expect(response.status == 200 && response.text.contains("Sign in to") && !response.text.contains("Open in"))
    }
}
