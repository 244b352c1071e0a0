import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Landing pages")
struct LandingPageTests {
    typealias F = SiteFixture
    static let token = "abcdefghijklmnop_SECRET-1234"

    /// The scripts of `html`: for each `<script` tag, the static file it loads (`copy-link.js`), or `inline` for any
    /// other.
    static func scripts(_ html: String) -> [String] {
        html.components(separatedBy: "<script").dropFirst().map { tag in
            guard tag.hasPrefix(#" src="/static/"#), let end = tag.dropFirst(#" src="/static/"#.count).firstIndex(where: { $0 == "?" || $0 == "\"" })
            else { return "inline" }
            return String(tag[tag.index(tag.startIndex, offsetBy: #" src="/static/"#.count)..<end])
        }
    }

    @Test("the charger page says what the link is, with banner, App Store and Open-in-app buttons")
    func charger() {
        let response = F.send("/c/CH-42").response
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = response.text
        #expect(html.contains(#"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=https://links.example.com/c/CH-42">"#))
        #expect(html.contains(#"<a class="button primary" href="https://apps.apple.com/app/id1234567890?mt=8">Download on the App Store</a>"#))
        #expect(html.contains(#"<a class="button" href="expchg://c/CH-42">Open in ExpresScan</a>"#))
        #expect(html.contains("<h1>Charger <span class=\"value\">CH-42</span></h1>"))
        #expect(html.contains(#"<meta property="og:url" content="https://links.example.com/c/CH-42">"#))
        #expect(html.contains(#"<meta name="twitter:card" content="summary">"#))
        #expect(html.contains(#"<html lang="en">"#) && html.contains("<main id=\"main\">"))
        #expect(Self.scripts(html) == ["copy-link.js"], "charger is copyLink: true; its copy button's is the one script")
    }

    @Test("the QR sign-in page has no Open-in-app button: sign-in links are Universal-Link-only")
    func qrSignIn() {
        let html = F.send("/u/PUB1").response.text
        #expect(html.contains("<h1>Sign in with your EV card</h1>"))
        #expect(html.contains(#"content="app-id=1234567890, app-argument=https://links.example.com/u/PUB1""#))
        #expect(html.contains(#"<link rel="canonical" href="https://links.example.com/u/PUB1">"#))
        #expect(html.contains(#"<meta property="og:url" content="https://links.example.com/u/PUB1">"#))
        #expect(!html.contains("expchg:"))
    }

    @Test("the magic-link page shows its token only in the Open in ExpresScan link, and is never stored or leaked")
    func magicLinkKeepsTheTokenSecret() {
        let response = F.send("/m/\(Self.token)?utm=\(Self.token)").response
        #expect(response.status == 200)
        // Once, in the Open in ExpresScan link to the same path on open.links.example.com; the query stays behind.
        #expect(response.text.components(separatedBy: Self.token).count == 2)
        #expect(response.text.contains(#"<a class="button" href="https://open.links.example.com/m/\#(Self.token)">Open in ExpresScan</a>"#))
        #expect(Self.scripts(response.text).isEmpty)
        #expect(response.text.contains(#"<meta name="apple-itunes-app" content="app-id=1234567890">"#))
        #expect(!response.text.contains("og:url") && !response.text.contains("canonical"))
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(response.headers["Referrer-Policy"] == "no-referrer")
        #expect(response.headers["X-Robots-Tag"] == "noindex, nofollow")
        #expect(!response.text.contains("<form"), "a GET never consumes or forwards the token")
    }

    @Test("every HTML page carries the security headers", arguments: ["/c/CH-42", "/u/abcd", "/m/\(token)", "/nothing", "/c/a%2Fb"])
    func securityHeaders(target: String) {
        let headers = F.send(target).response.headers
        let policy = headers["Content-Security-Policy"] ?? ""
        // The charger page offers "Copy link, then install" (copyLink: true): its script is this origin's.
        #expect(policy.contains("default-src 'self'") && policy.contains(target == "/c/CH-42" ? "script-src 'self'" : "script-src 'none'"))
        #expect(headers["X-Content-Type-Options"] == "nosniff")
        #expect(headers["Referrer-Policy"] != nil)
    }

    @Test(
        "URLs the table refuses get a real 404 page",
        arguments: [
            "/c/a%2Fb", "/c/" + String(repeating: "x", count: 65), "/c/1/2", "/u/abc", "/m/short", "/nothing", "/", "/auth/callback?code=x",
            "/c/%ZZ", "/C/1", "/static/missing.css",
        ])
    func notFound(target: String) {
        let response = F.send(target).response
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.text.contains("<h1>Link not found</h1>"))
    }

    @Test(
        "hostile values never reach the HTML unescaped",
        arguments: [
            "/c/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/c/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "/c/javascript:alert(1)",
            "/u/abcd?x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E", "/c/CH-42?id=%3Cscript%3E", "/c/CH-42#%3Cscript%3E",
        ])
    func escaping(target: String) {
        let html = F.send(target, headers: [("Host", "\"><script>alert(1)</script>")]).response.text
        #expect(Self.scripts(html).allSatisfy { $0 == "copy-link.js" } && html.components(separatedBy: "<script").count <= 2)
        #expect(!html.contains("alert(1)</script>") && !html.contains("<script>"))
        #expect(!html.contains("onerror"))
        #expect(!html.contains("javascript:"))
    }

    @Test("the page is built for the Host when it is a configured domain")
    func hostAware() {
        #expect(F.send("/c/1", headers: [("Host", "LINKS.EXAMPLE.COM:8443")]).response.status == 200)
        #expect(F.send("/c/1", headers: [("Host", "other.example")]).response.text.contains("https://links.example.com/c/1"))
    }

    @Test("wrong methods on pages get a 405 page with Allow")
    func methodNotAllowed() {
        let response = F.send("/c/1", method: "POST").response
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
        #expect(response.text.contains("<h1>Method not allowed</h1>"))
    }
}

@Suite("Static assets and the access log")
struct StaticAndLogTests {
    typealias F = SiteFixture

    @Test("pages link assets by content fingerprint, so a changed file gets a new URL; the versioned URL is served")
    func versionedAssets() throws {
        let html = F.send("/c/CH-42").response.text
        let href = try #require(html.firstMatch(of: /href="(\/static\/deeplinkd\.css\?v=[0-9a-f]{16})"/)?.1)
        let versioned = F.send(String(href)).response
        #expect(versioned.status == 200)
        #expect(versioned.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(html.contains(#"<img src="/static/icon.svg?v="#))
    }

    @Test(
        "only the current fingerprint is immutable: no v, another v, or more in the query get five minutes",
        arguments: ["", "?v=0000000000000000", "?v=anything", "?v=", "?x=1", "?v=FP&x=1", "?x=1&v=FP", "?V=FP", "?v=FP?"])
    func unversionedAssets(query: String) throws {
        let html = F.send("/c/CH-42").response.text
        let fingerprint = try #require(html.firstMatch(of: /deeplinkd\.css\?v=([0-9a-f]{16})/)?.1)
        let response = F.send("/static/deeplinkd.css" + query.replacingOccurrences(of: "FP", with: fingerprint)).response
        #expect(response.status == 200)
        #expect(response.headers["Cache-Control"] == "public, max-age=300", "\(query)")
    }

    @Test("the 404 page does not claim the app opens the link")
    func notFoundFooter() {
        let html = F.send("/nothing").response.text
        #expect(!html.contains("opens links like this one"))
        #expect(html.contains("Links from ExpresScan stickers, EV cards and emails open in the ExpresScan app."))
    }

    @Test("assets are served with their types, nosniff and a CSP that allows nothing")
    func assets() {
        let css = F.send("/static/deeplinkd.css").response
        #expect(css.status == 200)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        let svg = F.send("/static/icon.svg").response
        #expect(svg.headers["Content-Type"] == "image/svg+xml")
        #expect(svg.headers["Content-Security-Policy"] == "default-src 'none'", "an SVG opened on its own runs nothing")
        #expect(svg.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test(
        "path traversal never reaches the file system",
        arguments: [
            "/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/%2E%2E%2FPackage.swift", "/static//etc/passwd",
            "/static/..%2f..%2fetc%2fpasswd", "/static/./deeplinkd.css", "/static/", "/static",
        ])
    func traversal(target: String) {
        #expect(F.send(target).response.status == 404)
    }

    @Test("symlinks out of the static directory are not served")
    func symlinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-static-\(UUID())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("static"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "body {}".write(to: directory.appendingPathComponent("static/ok.css"), atomically: true, encoding: .utf8)
        try "secret".write(to: directory.appendingPathComponent("outside.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("static/leak.txt").path, withDestinationPath: directory.appendingPathComponent("outside.txt").path)
        let assets = try StaticAssets(directory: directory.appendingPathComponent("static").path)
        #expect(assets.paths == ["/static/ok.css"])
    }

    @Test(
        "secret and unmatched paths are redacted in the access log",
        arguments: [
            ("/m/abcdefghijklmnop_TOKEN", "/m/[redacted 22 bytes]"), ("/m/short", "/m/[redacted 5 bytes]"),
            ("/m/abcdefghijklmnop_TOKEN/x", "/m/[redacted 24 bytes]"), ("/c/CH-42", "/c/CH-42"), ("/nothing/x/y", "/[redacted 11 bytes]"),
            ("/resolve?url=https://links.example.com/m/abcdefghijklmnop", "/resolve"),
        ])
    func redaction(target: String, logged: String) {
        let (_, answer) = F.send(target)
        let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(), body: [], remoteAddress: "127.0.0.1", isTLS: false)
        #expect(answer.loggedPath(for: request) == logged)
    }
}

@Suite("Escaping survives combining marks")
struct CombiningMarkEscapingTests {
    /// A table whose charger IDs may hold any character, so the escaping itself is what is tested.
    static func permissiveSite() throws -> Site {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-escaping-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("deeplinkd.yaml")
        try """
        app: {name: "App \\u0022\\u0301 <b>", appIDs: [ABCDE12345.com.example.app], appStoreID: "1"}
        domains: [links.example.com]
        schemes: [expchg]
        routes:
          - name: charger
            path: c/$(id)
            scopes: [universal, app]
            params:
              id: {charset: "\\x01-\\U0010FFFF", max: 64}
            notification: n
            landing: charger

        """.write(to: config, atomically: true, encoding: .utf8)
        return try Site(configPath: config.path, publicDirectory: SiteFixture.publicDirectory)
    }

    @Test("a quote followed by a combining mark is escaped in every position (found by fuzzing)")
    func quoteWithCombiningMark() throws {
        let handler = SiteHandler(site: try Self.permissiveSite(), metrics: ServerMetrics())
        let hostile = SiteFixture.send("/c/x%22%CC%81%20onmouseover=alert(1)%20y=%22%CC%81", handler: handler).response
        let plain = SiteFixture.send("/c/x", handler: handler).response
        #expect(hostile.status == 200)
        let bytes = hostile.body
        #expect(!bytes.indices.dropLast(2).contains { bytes[$0] == 0x22 && bytes[$0 + 1] == 0xCC && bytes[$0 + 2] == 0x81 })
        #expect(hostile.text.filter { $0 == "\"" }.count == plain.text.filter { $0 == "\"" }.count)
        #expect(hostile.text.contains("x&quot;\u{301} onmouseover=alert(1) y=&quot;\u{301}"))
        #expect(!hostile.text.contains("<b>"), "the app name is escaped too")
    }
}
