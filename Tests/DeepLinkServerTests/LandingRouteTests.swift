import DeepLinkRouting
import DeepLinkTemplates
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Landing pages written in one pass, from one value per match")
struct LandingRouteTests {
    /// Every URL value in a text and an attribute position, nothing else.
    static let template = """
        {{%CONTENT_TYPE: HTML_BYTES}}<m c="{{smartAppBanner}}"><a href="{{canonicalURL}}">{{canonicalURL}}</a>\
        <a href="{{appURL}}">{{appURL}}</a><p title="{{values.id}}">{{values.id}}|{{values.note}}|{{values.tag}}</p>
        """

    /// `CompiledPageTests.permissiveConfig` with an App Clip on the charger, a second query parameter (so a link tail
    /// holds `&`), and a route only the app scheme opens.
    static let config = CompiledPageTests.permissiveConfig
        .replacingOccurrences(of: #"appStoreID: "1"}"#, with: #"appStoreID: "1", appClips: [ABCDE12345.com.example.app.Clip]}"#)
        .replacingOccurrences(
            of: "    notification: n\n    landing: charger\n",
            with: """
                      tag: {charset: "\\x01-\\U0010FFFF", min: 0, max: 64}
                    notification: n
                    landing: charger
                    appClip: true
                  - name: appOnly
                    path: a/$(id)
                    scopes: [app]
                    params:
                      id: {charset: "a-z", max: 8}
                    notification: n
                    landing: charger

                """)

    /// The body written for `target` once its shape is compiled, after checking that it is a body written in place
    /// and the bytes the template renders in full.
    static func written(_ target: String, site: Site) throws -> String {
        guard case .matched(let match) = site.table.resolve("https://links.example.com" + target), let landing = site.landings[match.routeIndex] else {
            Issue.record("\(target) does not match")
            return ""
        }
        _ = landing.withPage(of: match, in: site.wire, browser: .ordinary) { site.pages.body(of: $0, landing, compiled: site.compiledPages[0]) }
        let answer = SiteFixture.send(target, handler: SiteHandler(site: site, metrics: ServerMetrics())).answer
        guard case .written(let written) = answer.reply else {
            Issue.record("\(target) was not written in place")
            return ""
        }
        let (sent, rendered, isCompiled) = try CompiledPageTests.bodies(target, site: site)
        #expect(isCompiled && sent == rendered && written.response.text == rendered)
        return written.response.text
    }

    @Test("every value position is escaped, link tails and banner included, byte for byte")
    func everyPosition() throws {
        let site = try CompiledPageTests.site(config: Self.config, charger: Self.template)
        let page = try Self.written("/c/%3Cb%3E%22'%26x?note=%3E&tag=a%26b", site: site)
        let tail = "c/%3Cb%3E%22%27%26x?note=%3E&amp;tag=a%26b"
        #expect(
            page == """
                <m c="app-id=1, app-argument=https://links.example.com/\(tail), app-clip-bundle-id=com.example.app.Clip, \
                app-clip-display=card"><a href="https://links.example.com/\(tail)">https://links.example.com/\(tail)</a>\
                <a href="expchg://\(tail)">expchg://\(tail)</a><p title="&lt;b&gt;&quot;&#39;&amp;x">&lt;b&gt;&quot;&#39;&amp;x|&gt;|a&amp;b</p>
                """)
    }

    @Test("a value without <>&\"' is copied as it is, and each of them is escaped", arguments: ["<", ">", "&", "\"", "'", ""])
    func noEscapeFastPath(markup: String) throws {
        let page = CompiledPage(pieces: [.text(Array("<p>".utf8)), .value(0), .text(Array("</p>".utf8)), .value(0)])
        let value = "a-b_c.d~é/\(markup)z"
        let body = page.body(
            valueCount: 1, bound: { _ in 6 * value.utf8.count },
            write: { _, writer in HTMLEscaping.write(value, into: &writer) })
        let escaped = ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;", "": ""][markup] ?? "?"
        #expect(String(decoding: body.bytes, as: UTF8.self) == "<p>a-b_c.d~é/\(escaped)z</p>a-b_c.d~é/\(escaped)z")
        #expect(body.count == 2 * HTMLEscaping.escapedCount(value) + 7)
    }

    @Test("each route's link prefixes are its own first domain and scheme, escaped once at load")
    func linkPrefixPerRoute() throws {
        let site = try CompiledPageTests.site(config: Self.config, charger: Self.template)
        let text = PageText.init
        let link = { (head: String, end: String) in LandingSource.link(LinkText(head: text(head), hasTail: true, end: text(end))) }
        let charger = try #require(site.landings[0]).sources
        let appStore = LandingSource.store(LinkText(head: text("https://apps.apple.com/app/id1?mt=8"), hasTail: false), platform: .iOS)
        #expect(
            charger == [
                .inAppBrowser, .escape, appStore, .absent,
                link("app-id=1, app-argument=https://links.example.com/", ", app-clip-bundle-id=com.example.app.Clip, app-clip-display=card"),
                link("https://links.example.com/", ""), link("expchg://", ""), .parameter("id"), .parameter("note"), .parameter("tag"),
            ])
        #expect(
            site.landings[1]?.sources == [
                .absent, .absent, appStore, .absent, .link(LinkText(head: text("app-id=1"), hasTail: false)), .absent, link("expchg://", ""),
                .parameter("id"),
            ])
        #expect(site.landings[2]?.sources == [.inAppBrowser, .escape, appStore, .absent])
        #expect(try #require(site.landings[0]).linksUseTail && site.landings[2]?.linksUseTail == false)
    }

    @Test("a head with markup is kept escaped for the body and as written for the renderer")
    func pageText() {
        let text = PageText(#"a<b>&"'c"#)
        #expect(text.raw == Array(#"a<b>&"'c"#.utf8))
        #expect(text.escaped == Array("a&lt;b&gt;&amp;&quot;&#39;c".utf8))
    }

    @Test(
        "the values and key worked out from the match are those the routing core's links and the values give",
        arguments: ["/c/x", "/c/x?note=", "/c/x?tag=t", "/c/x?note=n&tag=", "/c/%3Cb%3E%22'%26x?note=%3E&tag=a%26b", "/a/abc", "/m/abcdefgh12345678"])
    func valuesAndKeyFromMatch(target: String) throws {
        let site = try CompiledPageTests.site(config: Self.config, charger: Self.template)
        let url = (target.hasPrefix("/a/") ? "expchg:/" : "https://links.example.com") + target
        guard case .matched(let match) = site.table.resolve(url) else {
            Issue.record("\(target) does not match")
            return
        }
        let expected = LandingOracle.values(of: match, in: site)
        let (values, key) = try #require(LandingOracle.withPage(match, site: site) { ($0.values, $0.key) })
        #expect(values == expected)
        #expect(key == CompiledPages.Key(route: match.routeIndex, values: expected))
    }

    @Test("a route with more values than a shape holds is rendered in full, the same bytes")
    func tooManyValues() throws {
        let parameters = (0..<30).map { "      p\($0): {charset: \"a-z\", min: 0, max: 4}" }.joined(separator: "\n")
        let config = CompiledPageTests.permissiveConfig.replacingOccurrences(
            of: "      note: {charset: \"\\x01-\\U0010FFFF\", min: 0, max: 64}\n",
            with: "      note: {charset: \"\\x01-\\U0010FFFF\", min: 0, max: 64}\n" + parameters + "\n")
        let site = try CompiledPageTests.site(config: config)
        let (sent, rendered, isCompiled) = try CompiledPageTests.bodies("/c/x?p3=abc", site: site)
        #expect(!isCompiled && sent == rendered && sent.contains("Charger"))
    }
}
