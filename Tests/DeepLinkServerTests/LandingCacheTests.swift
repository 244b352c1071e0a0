import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("The landing-page cache")
struct LandingCacheTests {
    /// A site of its own, so the shared fixture's cache does not carry pages between tests.
    static func freshHandler() throws -> SiteHandler {
        SiteHandler(site: try Site(configPath: SiteFixture.configPath, publicDirectory: SiteFixture.publicDirectory), metrics: ServerMetrics())
    }

    static func prepared(_ answer: Answer) -> PreparedResponse? {
        if case .prepared(let page) = answer.reply { page } else { nil }
    }

    @Test("a page asked for again is the same prepared response, with the same bytes and outcome")
    func repeatedTargetIsServedFromTheCache() throws {
        let handler = try Self.freshHandler()
        let first = SiteFixture.send("/c/CH-42", handler: handler)
        let second = SiteFixture.send("/c/CH-42", handler: handler)
        let firstPage = try #require(Self.prepared(first.answer))
        #expect(Self.prepared(second.answer) === firstPage)
        #expect(second.response.status == 200)
        #expect(second.response.body == first.response.body)
        #expect(second.response.text.contains("CH-42"))
        #expect(Array(second.answer.outcomes) == ["matched"])
        #expect(handler.site.landingCache(worker: 0).count == 1)
        // Another target is another page, even when it resolves to the same charger.
        #expect(Self.prepared(SiteFixture.send("/c/CH-42?utm=x", handler: handler).answer) !== firstPage)
        #expect(handler.site.landingCache(worker: 0).count == 2)
    }

    @Test("secret pages, unmatched URLs and other workers' pages are not kept in a worker's cache")
    func secretsAreNeverKept() throws {
        let handler = try Self.freshHandler()
        let token = "abcdefghijklmnop_SECRET"
        for _ in 0..<2 {
            let magic = SiteFixture.send("/m/\(token)", handler: handler)
            #expect(magic.response.status == 200)
            #expect(Self.prepared(magic.answer) == nil)
            #expect(magic.response.headers["Cache-Control"] == "no-store")
            #expect(SiteFixture.send("/c/not%20valid", handler: handler).response.status == 404)
        }
        #expect(handler.site.landingCache(worker: 0).count == 0)
        // A page another worker answered goes into that worker's cache (one and the same cache on a single core).
        _ = handler.respond(to: HTTPRequest(method: "GET", target: "/c/CH-1", worker: 1))
        let isShared = handler.site.landingCache(worker: 1) === handler.site.landingCache(worker: 0)
        #expect(handler.site.landingCache(worker: 0).count == (isShared ? 1 : 0))
        #expect(handler.site.landingCache(worker: 1).count == 1)
    }

    @Test("holds at most two generations of pages, and keeps the ones asked for again")
    func boundedByGenerations() throws {
        let cache = LandingCache()
        let response = try PreparedResponse(HTTPResponse(status: 200, body: "page"))
        let kept = LandingCache.Key(host: "links.example.com", target: "/c/kept")
        cache.store(response, for: kept)
        for index in 0..<(3 * LandingCache.generationSize) {
            cache.store(response, for: LandingCache.Key(host: "links.example.com", target: "/c/\(index)"))
            if index % (LandingCache.generationSize / 2) == 0 { #expect(cache.response(for: kept) != nil) }
            #expect(cache.count <= 2 * LandingCache.generationSize)
        }
        #expect(cache.response(for: kept) != nil)
        #expect(cache.response(for: LandingCache.Key(host: "links.example.com", target: "/c/0")) == nil)
        #expect(cache.response(for: LandingCache.Key(host: "other.example.com", target: "/c/kept")) == nil)
    }
}
