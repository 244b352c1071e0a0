import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("The answer cache's keys")
struct AnswerCacheKeyTests {
    static func page() throws -> PreparedResponse {
        try PreparedResponse(HTTPResponse(status: 200, body: "page"))
    }

    @Test("a key is its host, target and browser class: an answer kept for one is found under no key that differs in one")
    func partsOfTheKey() throws {
        let cache = AnswerCache()
        let inApp = BrowserClass(userAgent: BrowserClassTests.inApp[0].userAgent)
        #expect(inApp != .ordinary)
        cache.store(try Self.page(), route: "charger", for: AnswerCache.Key(host: "links.example.com", target: "/c/1"))
        #expect(cache.response(for: AnswerCache.Key(host: "links.example.com", target: "/c/1"))?.route == "charger")
        #expect(cache.response(for: AnswerCache.Key(host: "links.example.com", target: "/c/1", browser: inApp)) == nil)
        #expect(cache.response(for: AnswerCache.Key(host: "links.example.com", target: "/c/2")) == nil)
        #expect(cache.response(for: AnswerCache.Key(host: "go.example.com", target: "/c/1")) == nil)
        // The same bytes split between host and target at another place are another key.
        #expect(cache.response(for: AnswerCache.Key(host: "links.example.com/c", target: "/1")) == nil)
    }

    @Test(
        "two spellings of the same text are two targets, though Swift's strings call them equal",
        arguments: [("/c/caf\u{E9}", "/c/cafe\u{301}"), ("/c/\u{C5}", "/c/\u{212B}"), ("/c/K", "/c/\u{212A}")])
    func canonicallyEquivalentTargets(kept: String, asked: String) throws {
        #expect(kept == asked)
        let cache = AnswerCache()
        cache.store(try Self.page(), route: "charger", for: AnswerCache.Key(host: "links.example.com", target: kept))
        #expect(AnswerCache.Key(host: "links.example.com", target: kept) != AnswerCache.Key(host: "links.example.com", target: asked))
        #expect(cache.response(for: AnswerCache.Key(host: "links.example.com", target: asked)) == nil)
        #expect(cache.response(for: AnswerCache.Key(host: "links.example.com", target: kept)) != nil)
    }

    @Test("/resolve answers each spelling of a URL with its own bytes after the other spelling was kept")
    func resolveAnswersItsOwnSpelling() throws {
        let handler = try AnswerCacheTests.freshHandler()
        let composed = "https://links.example.com/c/CH-1?note=caf\u{E9}"
        let decomposed = "https://links.example.com/c/CH-1?note=cafe\u{301}"
        let asks = (0..<3).map { _ in SiteFixture.send("/resolve?url=" + composed, handler: handler).answer }
        // Kept from its second ask: the third is the prepared answer.
        #expect(AnswerCacheTests.prepared(asks[2]) != nil)
        let response = SiteFixture.send("/resolve?url=" + decomposed, handler: handler).response
        #expect(response.status == 200)
        let url = try #require(response.json()?["url"] as? String)
        #expect(Array(url.utf8) == Array(decomposed.utf8))
        #expect(response.json()?["route"] as? String == "charger")
    }
}
