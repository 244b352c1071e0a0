import DeepLinkBytes
import DeepLinkRouting
import DeepLinkTemplates
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Compiled landing pages")
struct CompiledPageTests {
    /// A site from `config` with the default templates, `charger.mustache` replaced by `charger` when given.
    static func site(config: String, charger: String? = nil) throws -> Site {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-compiled-\(UUID())")
        let publicDirectory = directory.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: SiteFixture.publicDirectory, toPath: publicDirectory.path)
        if let charger {
            try charger.write(to: publicDirectory.appendingPathComponent("templates/charger.mustache"), atomically: true, encoding: .utf8)
        }
        let configPath = directory.appendingPathComponent("deeplinkd.yaml")
        try config.write(to: configPath, atomically: true, encoding: .utf8)
        return try Site(configPath: configPath.path, publicDirectory: publicDirectory.path)
    }

    /// Charger IDs of any character and an optional `note` query parameter, so every shape can be reached.
    static let permissiveConfig = """
        app: {name: "App <b>", appIDs: [ABCDE12345.com.example.app], appStoreID: "1"}
        domains: [links.example.com]
        schemes: [expchg]
        routes:
          - name: charger
            path: c/$(id)
            scopes: [universal, app]
            params:
              id: {charset: "\\x01-\\U0010FFFF", max: 64}
              note: {charset: "\\x01-\\U0010FFFF", min: 0, max: 64}
            notification: n
            landing: charger
          - name: magic
            path: m/$(token)
            params:
              token: {charset: "A-Za-z0-9", min: 8, max: 64}
            secret: true
            notification: m
            landing: magicLink

        """

    /// The body the handler sends for `target`, and the page the renderer gives in full for the same match (with
    /// values built as strings from the routing core's links: `LandingOracle`).
    static func bodies(_ target: String, site: Site) throws -> (sent: String, rendered: String, isCompiled: Bool) {
        let handler = SiteHandler(site: site, metrics: ServerMetrics())
        let sent = SiteFixture.send(target, handler: handler).response
        #expect(sent.status == 200, "\(target)")
        guard case .matched(let match) = site.table.resolve("https://links.example.com" + target), match.route.landing != nil else {
            Issue.record("\(target) does not match a landing route")
            return ("", "", false)
        }
        return (sent.text, LandingOracle.rendered(match, site: site), LandingOracle.isCompiled(match, site: site))
    }

    @Test("the default site's pages are the bytes the renderer gives", arguments: ["/c/CH-42", "/c/x_y-Z", "/u/abcd", "/m/abcdefghijklmnop_SECRET"])
    func defaultSite(target: String) throws {
        let (sent, rendered, isCompiled) = try Self.bodies(target, site: SiteFixture.site)
        #expect(!rendered.isEmpty && sent == rendered)
        #expect(isCompiled)
    }

    @Test(
        "every shape and hostile value comes out as the renderer gives it",
        arguments: [
            "/c/x", "/c/x?note=", "/c/x?note=hi", "/c/%3Cb%3E%22'%26x", "/c/a%EE%80%80%EE%84%81%EE%80%81b?note=%EE%80%80",
            "/c/x%22%CC%81%20onmouseover=alert(1)", "/c/%7B%7Bid%7D%7D?note=%7B%7B%7Bnote%7D%7D%7D", "/m/abcdefgh12345678",
        ])
    func hostileValues(target: String) throws {
        let site = try Self.site(config: Self.permissiveConfig)
        for _ in 0..<2 {  // the first request compiles the shape, the second uses it
            let (sent, rendered, isCompiled) = try Self.bodies(target, site: site)
            #expect(!rendered.isEmpty && sent == rendered)
            #expect(isCompiled)
        }
    }

    @Test("a template that leaves a value unescaped is rendered in full, not compiled")
    func tripleMustache() throws {
        let template = "{{<layout}}{{$content}}<h1>{{{values.id}}}</h1><p>{{values.note}}</p>{{/content}}{{/layout}}"
        let site = try Self.site(config: Self.permissiveConfig, charger: template)
        let (sent, rendered, isCompiled) = try Self.bodies("/c/%3Ci%3Ex?note=%3Cb%3E", site: site)
        #expect(sent == rendered)
        #expect(!isCompiled)
        #expect(sent.contains("<h1><i>x</h1>") && sent.contains("<p>&lt;b&gt;</p>"))
    }

    @Test("compiling cuts the page at the values")
    func pieces() throws {
        let render = { (values: [String?]) -> [UInt8] in
            var page = Array("<p>".utf8)
            HTMLEscaping.escape(values[0] ?? "", into: &page)
            page += "</p>".utf8
            if let second = values[1] { HTMLEscaping.escape(second, into: &page) }
            return page
        }
        let page = try #require(CompiledPage.compile(["a", nil], render: render))
        #expect(page.pieces == [.text(Array("<p>".utf8)), .value(0), .text(Array("</p>".utf8))])
        #expect(page.written(["<&>", nil]) == Array("<p>&lt;&amp;&gt;</p>".utf8))
        #expect(page.fill(["<&>", nil]) == page.written(["<&>", nil]))
    }

    @Test("a value used in several places, every byte of it escaped, is filled in whole in each (found by the compile check)")
    func repeatedValueIsFilledWhole() throws {
        let render = { (values: [String?]) in
            let value = HTMLEscaping.escapeText(values[0] ?? "")
            return Array("<a title=\"\(value)\">\(value)</a>\(value)".utf8)
        }
        let page = try #require(CompiledPage.compile(["x"], render: render))
        let hostile = String(repeating: "\"", count: 40)
        #expect(page.written([hostile]) == render([hostile]))
        #expect(page.written([hostile]) == page.fill([hostile]))
        #expect(page.written([hostile]).count == 3 * 6 * 40 + 16)
    }

    @Test("each value is written once however many places show it, and the body is exactly what the page holds")
    func valuesWrittenOnce() throws {
        let render = { (values: [String?]) in
            let first = HTMLEscaping.escapeText(values[0] ?? "")
            let second = HTMLEscaping.escapeText(values[1] ?? "")
            return Array("<a href=\"\(first)\">\(second)</a>\(first)|\(first)".utf8)
        }
        let page = try #require(CompiledPage.compile(["x", "y"], render: render))
        var writes: [Int] = []
        let values = ["<&>", "plain"]
        // Bounds far above what is written: the body is sized by what was written, not by the bound.
        let body = page.body(valueCount: 2, bound: { 100 * values[$0].utf8.count }) { index, writer in
            writes.append(index)
            HTMLEscaping.write(values[index], into: &writer)
        }
        #expect(writes == [0, 1])
        #expect(body.bytes == render(values))
        #expect(body.count == Array("<a href=\"&lt;&amp;&gt;\">plain</a>&lt;&amp;&gt;|&lt;&amp;&gt;".utf8).count)
    }

    @Test("a value written beyond its bound is left out whole, never cut or written past the memory it was given")
    func boundTooSmall() throws {
        let render = { (values: [String?]) in Array("[\(HTMLEscaping.escapeText(values[0] ?? ""))]".utf8) }
        let page = try #require(CompiledPage.compile(["x"], render: render))
        let body = page.body(valueCount: 1, bound: { _ in 3 }) { _, writer in writer.write(Array("four".utf8)) }
        #expect(body.bytes == Array("[]".utf8))
    }

    @Test(
        "a template that changes or drops a value, or holds a private-use marker itself, is not compiled",
        arguments: [
            { (values: [String?]) in Array((values[0] ?? "").uppercased().utf8) },
            { (values: [String?]) in Array(String((values[0] ?? "").prefix(2)).utf8) },
            { (values: [String?]) in Array(((values[0] ?? "") + "\u{E000}").utf8) },
            { (values: [String?]) in Array(String(values[0]?.count ?? 0).utf8) },
        ] as [@Sendable ([String?]) -> [UInt8]])
    func refused(render: @Sendable ([String?]) -> [UInt8]) {
        #expect(CompiledPage.compile(["value"], render: render) == nil)
    }
}

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("exactly '<', '>', '&', '\"' and ''' become references, every other ASCII character and UTF-8 stays")
    func everyCharacter() {
        let references: [Character: String] = ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;"]
        for scalar in (0..<128).compactMap(Unicode.Scalar.init) + ["é", "日", "\u{2028}", "🙂"] {
            let text = "a" + String(scalar) + "b"
            let expected = "a" + (references[Character(scalar)] ?? String(scalar)) + "b"
            #expect(HTMLEscaping.escapeText(text) == expected, "U+\(String(scalar.value, radix: 16))")
        }
    }
}
