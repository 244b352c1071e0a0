import Testing

@testable import DeepLinkServer

@Suite("Which endpoint a raw path belongs to")
struct EndpointTests {
    @Test(
        "fixed paths, exactly as written, and everything else a landing page",
        arguments: [
            ("/.well-known/apple-app-site-association", Endpoint.associationFile), ("/apple-app-site-association", .associationFile),
            ("/.well-known/assetlinks.json", .assetLinks), ("/resolve", .resolve), ("/link", .link), ("/healthz", .health),
            ("/readyz", .ready), ("/readyz/", .landing), ("/metrics", .metrics), ("/openapi.yaml", .openAPI), ("/static/deeplinkd.css", .asset),
            ("/static/", .asset),
            ("/static", .landing), ("/resolve/", .landing), ("/Resolve", .landing), ("/resolv", .landing), ("/link2", .landing),
            ("/.well-known/apple-app-site-association/", .landing), ("/%2Fresolve", .landing), ("", .landing), ("/", .landing),
            ("/c/CH-42", .landing), ("/ré", .landing),
        ])
    func endpoint(path: String, expected: Endpoint) {
        #expect(Endpoint.of(path: path[...]) == expected)
        // A slice of a longer target finds the same endpoint.
        let target = path + "?q=1"
        #expect(Endpoint.of(path: target[..<target.endIndex].dropLast(4)) == expected)
    }

    @Test("index is the position in allCases, which per-endpoint tables and the metrics labels rely on")
    func indexIsThePositionInAllCases() {
        #expect(Endpoint.allCases.map(\.index) == Array(Endpoint.allCases.indices))
    }

    @Test("the static endpoint's prefix is the one static assets are served under")
    func staticPrefix() {
        #expect(Endpoint.of(path: StaticAssets.prefix[...]) == .asset)
        #expect(Endpoint.of(path: StaticAssets.prefix.dropLast()) == .landing)
    }
}
