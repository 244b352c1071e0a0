import DeepLinkBytes
import DeepLinkRouting
import DeepLinkWire
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("GET /resolve written in place")
struct ResolveAnswerTests {
    /// A table with a stack, an alias, a gate, a feature, a wildcard, a scope, a secret route and values that may
    /// hold any character, so every member of a result is written by the server.
    static let yaml = #"""
        app:
          name: Corpus
          appIDs: [ABCDE12345.com.example.corpus]
        domains: [a.example, b.example]
        schemes: [corpus]
        states: [welcome, ready]
        gates:
          signedIn: [ready]
        features: [notes]
        routes:
          - name: site
            path: s/$(site)
            params:
              site: {charset: "a-z", max: 20}
              page: {charset: "0-9"}
            notification: siteRequested
          - name: product
            path: s/$(site)/p/$(id)
            params:
              site: {charset: "a-z", max: 10}
              id: {charset: "0-9"}
            stack: [site]
            gate: signedIn
            notification: productRequested
          - name: note
            path: n/$(text)
            aliases: [note/$(text)]
            params:
              text: {charset: "\x01-\U0010FFFF"}
              q: {charset: "\x01-\U0010FFFF"}
            feature: notes
          - name: files
            path: f/**
          - name: appOnly
            path: o/$(id)
            scopes: [app]
            params:
              id: {charset: "0-9"}
          - name: token
            path: t/$(token)
            params:
              token: {charset: "A-Za-z0-9"}
            secret: true

        """#

    /// A handler over `yaml`, with a cache of its own.
    static func handler() throws -> SiteHandler {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-resolve-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("deeplinkd.yaml")
        try yaml.write(to: config, atomically: true, encoding: .utf8)
        return SiteHandler(site: try Site(configPath: config.path, publicDirectory: SiteFixture.publicDirectory), metrics: ServerMetrics())
    }

    /// URLs of every shape: each path with values holding `"`, `\`, control characters, non-ASCII and reserved
    /// characters, on each channel, and URLs no route takes for each reason.
    static let urls: [String] = {
        let values = ["abc", "\"", "\\", "\u{1}\u{1F}", "\n\t", "é日本🙂", "\u{2028}</script>", "&=+ ", "a\"b\\c\u{7}", "/", "%"]
        let encoded = values.map { PercentEncoding.encoded($0) }
        let hosts = ["https://a.example/", "https://B.Example/", "corpus://", "corpus:", "http://a.example/", "https://evil.example/"]
        var paths = ["s/abc", "s/abc?page=4", "s/abcdefghijklmnopqrstuvwxyz", "s/abc/p/12?page=3", "f/one/two", "o/5", "t/SECRET9", "nope", "%ZZ", "s/%C3%28"]
        for (value, name) in zip(encoded, ["n", "note", "n", "note", "n", "note", "n", "note", "n", "note", "n"]) {
            paths += ["\(name)/\(value)?q=\(value)", "f/\(value)/x", "nope/\(value)?\(value)=1"]
        }
        let odd = ["", "not a url", "https://\u{1}\"é.example/", "corpus://../s", "https://a.example/" + String(repeating: "x", count: 4100)]
        return hosts.flatMap { host in paths.map { host + $0 } } + odd
    }()

    @Test("the answer is written in place and is exactly jsonBytes() and a newline, for every generated URL, state and feature set")
    func writtenBytesEqualJSONBytes() throws {
        let handler = try Self.handler()
        let table = handler.site.table
        let contexts: [(state: String?, features: String?)] = [(nil, nil), ("ready", nil), ("welcome", ""), ("ready", "notes")]
        var bodies: [String] = []
        for url in Self.urls {
            for context in contexts {
                var target = "/resolve?url=" + PercentEncoding.encoded(url)
                if let state = context.state { target += "&state=" + state }
                if let features = context.features { target += "&features=" + features }
                let answer = handler.respond(to: HTTPRequest(method: "GET", target: target))
                guard case .written(let written) = answer.reply else {
                    Issue.record("not written in place: \(target)")
                    continue
                }
                let features = context.features.map { Set($0.split(separator: ",").map(String.init)) }
                let expected = try table.resolve(url, state: context.state, features: features).jsonBytes() + [UInt8(ascii: "\n")]
                #expect(written.body.bytes == expected, "\(target)")
                #expect(written.status == 200)
                #expect(
                    written.headers.fields.map { "\($0.name): \($0.value)" } == [
                        "Content-Type: application/json; charset=utf-8", "Cache-Control: no-store", "X-Content-Type-Options: nosniff",
                    ])
                bodies.append(String(decoding: written.body.bytes, as: UTF8.self))
            }
        }
        #expect(bodies.count == 4 * Self.urls.count)
        // Every shape was written: each reason a URL does not match, and each member a match may have.
        let members =
            UnmatchedReason.allCases.map { #""matched":false,"reason":"\#($0.rawValue)""# } + [
                #""stack":[{"route":"site""#, #""via":"note/$(text)""#, #""action":"dispatch""#, #""action":"ignore"}"#, #""reason":"featureDisabled""#,
                #""links":{"universal":null,"app":"corpus://o/5"}"#, #""text":"a\"b\\c\u0007""#, #"\u0001\u001f"#, "é日本🙂",
            ]
        for member in members { #expect(bodies.contains { $0.contains(member) }, "no answer has \(member)") }
    }

    @Test("a second ask of a route that is not secret is a prepared copy of the same bytes; a secret route's never is")
    func secondAskIsPrepared() throws {
        let handler = try Self.handler()
        let open = "/resolve?url=" + PercentEncoding.encoded("https://a.example/s/abc/p/12?page=3") + "&state=ready"
        let secret = "/resolve?url=" + PercentEncoding.encoded("https://a.example/t/SECRET9")
        let first = SiteFixture.send(open, handler: handler)
        let second = SiteFixture.send(open, handler: handler)
        guard case .written = first.answer.reply, case .prepared = second.answer.reply else {
            Issue.record("expected written, then prepared: \(first.answer.reply), \(second.answer.reply)")
            return
        }
        #expect(second.response.body == first.response.body)
        #expect(second.response.headers == first.response.headers)
        for _ in 0..<3 {
            guard case .written(let written) = handler.respond(to: HTTPRequest(method: "GET", target: secret)).reply else {
                Issue.record("a secret route's answer was not written for the request")
                continue
            }
            #expect(String(decoding: written.body.bytes, as: UTF8.self).contains(#""route":"token""#))
        }
    }
}
