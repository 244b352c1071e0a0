import DeepLinkBytes
import DeepLinkRouting

/// A table with every part of a resolve result (parameters in the path and the query, a stack, an alias, a gate, a
/// feature, a wildcard, a scope, a secret route, values that may hold any character) and URLs generated against it,
/// matched and unmatched for every reason, with `"`, `\`, control characters and non-ASCII in their values.
enum ResolveCorpus {
    static let table: RouteTable = {
        let any = "\u{1}-\u{10FFFF}"
        func parameter(_ name: String, _ charset: String, max: Int? = nil) -> ParameterDefinition {
            ParameterDefinition(name: name, charset: charset, maximumLength: max)
        }
        let routes = [
            RouteDefinition(
                name: Located("site"), path: Located("s/$(site)"), parameters: [parameter("site", "a-z", max: 20), parameter("page", "0-9")],
                notification: Located("siteRequested")),
            RouteDefinition(
                name: Located("product"), path: Located("s/$(site)/p/$(id)"),
                parameters: [parameter("site", "a-z", max: 10), parameter("id", "0-9"), parameter("page", "0-9")], notification: Located("productRequested"),
                gate: Located("signedIn"), stack: [Located("site")]),
            RouteDefinition(
                name: Located("note"), path: Located("n/$(text)"), aliases: [Located("note/$(text)")],
                parameters: [parameter("text", any), parameter("q", any)], feature: Located("notes")),
            RouteDefinition(name: Located("files"), path: Located("f/**"), notification: Located("filesRequested")),
            RouteDefinition(name: Located("appOnly"), path: Located("o/$(id)"), scopes: [Located("app")], parameters: [parameter("id", "0-9")]),
            RouteDefinition(name: Located("token"), path: Located("t/$(token)"), parameters: [parameter("token", "A-Za-z0-9")], isSecret: true),
        ]
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("Corpus"), appIDs: [Located("ABCDE12345.com.example.corpus")]),
            domains: [Located("a.example"), Located("b.example")], schemes: [Located("corpus")],
            states: [Located("welcome"), Located("ready")], gates: [GateDefinition(name: Located("signedIn"), states: [Located("ready")])],
            features: [Located("notes")], routes: routes)
        do {
            return try RouteTable(definition)
        } catch {
            fatalError("the corpus table must compile: \(error)")
        }
    }()

    /// The states and feature sets each URL is resolved with.
    static let contexts: [(state: String?, features: Set<String>?)] = [
        (nil, nil), ("welcome", nil), ("ready", nil), (nil, []), ("ready", ["notes"]), ("welcome", []),
    ]

    /// Pieces of values: plain, JSON's escapes, control characters, non-ASCII, and what a URL reserves.
    static let pieces = ["a", "z9", "\"", "\\", "\u{1}", "\n", "\t", "\u{1F}", "é", "日本", "🙂", "\u{2028}", "</script>", "&", "=", "/", "%", "+", " "]

    /// `count` URLs, the same ones every run.
    static func urls(count: Int) -> [String] {
        var generator = SeededGenerator(seed: 16)
        func value() -> String {
            (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        }
        func encoded(_ text: String) -> String { PercentEncoding.encoded(text) }
        func letters(_ range: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: range, using: &generator)).map { _ in "abcxyz".randomElement(using: &generator) ?? "a" })
        }
        let fixed = [
            "https://a.example/s/abc", "https://B.EXAMPLE/s/abc?page=7", "https://a.example/s/abc/p/12?page=3", "corpus://s/abc/p/12",
            "https://a.example/f/one/two%20three/%22", "https://a.example/f", "https://a.example/o/5", "corpus://o/5", "corpus:o/5",
            "https://a.example/t/SECRET123", "https://a.example/nope/x", "http://a.example/s/abc", "ftp://x/\"q\"",
            "https://evil.example/s/abc", "https://\u{1}\"é.example/", "https://a.example/%ZZ", "https://a.example/s/%C3%28",
            "corpus://../s", "https://a.example/" + String(repeating: "x", count: RouteTable.maximumURLLength),
            "https://a.example/" + String(repeating: "é", count: 100), "not a url", "", "https://a.example/s/abc#frag\"\\",
        ]
        var urls = fixed
        while urls.count < count {
            let host = ["https://a.example/", "https://b.example/", "corpus://", "https://A.Example/"].randomElement(using: &generator) ?? ""
            let path =
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: "s/" + letters(1...24) + (Bool.random(using: &generator) ? "?page=\(Int.random(in: 0...99, using: &generator))" : "")
                case 1: "s/" + letters(1...12) + "/p/\(Int.random(in: 0...9999, using: &generator))"
                case 2: "n/" + encoded(value()) + "?q=" + encoded(value())
                case 3: "note/" + encoded(value())
                case 4: "f/" + encoded(value()) + "/" + encoded(value())
                default: "x/" + encoded(value()) + "?" + encoded(value()) + "=\"\\"
                }
            urls.append(host + path)
        }
        return urls
    }
}
