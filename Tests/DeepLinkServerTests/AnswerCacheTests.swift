import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("The answer cache")
struct AnswerCacheTests {
    /// A site of its own, so the shared fixture's cache does not carry pages between tests.
    static func freshHandler() throws -> SiteHandler {
        SiteHandler(site: try Site(configPath: SiteFixture.configPath, publicDirectory: SiteFixture.publicDirectory), metrics: ServerMetrics())
    }

    static func prepared(_ answer: Answer) -> PreparedResponse? {
        if case .prepared(let page) = answer.reply { page } else { nil }
    }

    @Test("a page is kept from its second ask on: the third is the same prepared response, with the same bytes and outcome")
    func repeatedTargetIsServedFromTheCache() throws {
        let handler = try Self.freshHandler()
        let first = SiteFixture.send("/c/CH-42", handler: handler)
        #expect(Self.prepared(first.answer) == nil)
        #expect(handler.site.answerCaches[0].count == 0)
        let second = SiteFixture.send("/c/CH-42", handler: handler)
        let third = SiteFixture.send("/c/CH-42", handler: handler)
        let secondPage = try #require(Self.prepared(second.answer))
        #expect(Self.prepared(third.answer) === secondPage)
        #expect(third.response.status == 200)
        #expect(third.response.body == first.response.body)
        #expect(third.response.headers == first.response.headers)
        #expect(third.response.text.contains("CH-42"))
        #expect(Array(third.answer.outcomes) == [.init("matched", route: "charger")])
        #expect(third.answer.opened?.route == "charger" && third.answer.opened?.channel == "links.example.com")
        #expect(handler.site.answerCaches[0].count == 1)
        // Another target is another page, even when it resolves to the same charger.
        _ = SiteFixture.send("/c/CH-42?utm=x", handler: handler)
        #expect(Self.prepared(SiteFixture.send("/c/CH-42?utm=x", handler: handler).answer) !== secondPage)
        #expect(handler.site.answerCaches[0].count == 2)
    }

    @Test("a flood of targets each asked for once is answered in full and keeps nothing")
    func targetsAskedForOnceAreNotKept() throws {
        let handler = try Self.freshHandler()
        for index in 0..<(3 * AnswerCache.generationSize) {
            let page = SiteFixture.send("/c/B\(index)", handler: handler)
            #expect(page.response.status == 200)
            #expect(page.response.text.contains("B\(index)"))
            #expect(Self.prepared(page.answer) == nil)
            let resolved = SiteFixture.send("/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FB\(index)", handler: handler)
            #expect(resolved.response.text.contains(#""id":"B\#(index)""#))
            #expect(Self.prepared(resolved.answer) == nil)
        }
        #expect(handler.site.answerCaches[0].count == 0)
        #expect(handler.site.answerCaches[0].bytes == 0)
    }

    @Test("a target asked for again only after far more first asks than the cache holds is not kept; one asked again soon is")
    func targetsAskedForAgainLateAreNotKept() {
        let cache = AnswerCache()
        // 5,000 stickers scanned in turn, as the landing benchmark asks for them: each comes back after 4,999 others,
        // when its answer would long have been dropped (the cache holds 512).
        let keys = (0..<5_000).map { AnswerCache.Key(host: "links.example.com", target: "/c/B\($0)", browser: .ordinary) }
        for key in keys { #expect(!cache.admits(key)) }
        // None is kept (with the hashes alone, about 3 in 10 still in their slots were: built and kept for nothing).
        #expect(keys.filter { cache.admits($0) }.isEmpty)
        // A target asked for again within a generation's worth of other first asks is kept on that second ask,
        // unless one of the others took its slot (a few in a hundred).
        let fresh = AnswerCache()
        let soon = (0..<AnswerCache.generationSize).map { AnswerCache.Key(host: "links.example.com", target: "/c/S\($0)", browser: .ordinary) }
        for key in soon { #expect(!fresh.admits(key)) }
        let second = soon.filter { fresh.admits($0) }.count
        #expect(second >= 9 * soon.count / 10)
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
        #expect(handler.site.answerCaches[0].count == 0)
        // A page another worker answered goes into that worker's cache (one and the same cache on a single core).
        for _ in 0..<2 { _ = handler.respond(to: HTTPRequest(method: "GET", target: "/c/CH-1", worker: 1)) }
        let isShared = handler.site.answerCaches[1] === handler.site.answerCaches[0]
        #expect(handler.site.answerCaches[0].count == (isShared ? 1 : 0))
        #expect(handler.site.answerCaches[1].count == 1)
    }

    @Test("a /resolve answer is kept from its second ask on; the state is part of what is asked")
    func repeatedResolveIsServedFromTheCache() throws {
        let handler = try Self.freshHandler()
        let target = "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42"
        let first = SiteFixture.send(target, handler: handler)
        #expect(Self.prepared(first.answer) == nil)
        let second = SiteFixture.send(target, handler: handler)
        let third = SiteFixture.send(target, handler: handler)
        let secondAnswer = try #require(Self.prepared(second.answer))
        #expect(Self.prepared(third.answer) === secondAnswer)
        #expect(third.response.status == 200)
        #expect(third.response.body == first.response.body)
        #expect(third.response.headers["Cache-Control"] == "no-store")
        #expect(third.response.text.contains(#""matched":true"#))
        #expect(third.response.text.contains(#""id":"CH-42""#))
        #expect(Array(third.answer.outcomes) == [.init("matched", route: "charger")])
        _ = SiteFixture.send(target + "&state=ready", handler: handler)
        let withState = SiteFixture.send(target + "&state=ready", handler: handler)
        #expect(Self.prepared(withState.answer) !== secondAnswer)
        #expect(withState.response.text.contains(#""action":"dispatch""#))
        #expect(!third.response.text.contains(#""action""#))
        #expect(handler.site.answerCaches[0].count == 2)
    }

    @Test("/resolve answers about secret routes, unmatched URLs and errors are not kept")
    func resolveSecretsAreNeverKept() throws {
        let handler = try Self.freshHandler()
        let targets = [
            "/resolve?url=https%3A%2F%2Flinks.example.com%2Fm%2Fabcdefghijklmnop_SECRET",
            "/resolve?url=https%3A%2F%2Flinks.example.com%2Fm%2Fabcdefghijklmnop_SECRET%2Fextra",
            "/resolve?url=https%3A%2F%2Flinks.example.com%2Fnothing",
            "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2F1&state=nope",
            "/resolve?state=ready",
        ]
        for target in targets + targets {
            let sent = SiteFixture.send(target, handler: handler)
            #expect(Self.prepared(sent.answer) == nil, "\(target)")
        }
        #expect(SiteFixture.send(targets[0], handler: handler).response.text.contains("abcdefghijklmnop_SECRET"))
        #expect(SiteFixture.send(targets[3], handler: handler).response.status == 400)
        #expect(handler.site.answerCaches[0].count == 0)
    }

    @Test("a reload starts with empty caches, so a kept answer never outlives the config it came from")
    func reloadEmptiesTheCaches() throws {
        let fixture = try ReloadableServer(named: "answers")
        defer { fixture.remove() }
        let server = fixture.server
        let target = "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42"
        _ = SiteFixture.send(target, handler: SiteHandler(site: server.currentSite, metrics: ServerMetrics()))
        let before = SiteFixture.send(target, handler: SiteHandler(site: server.currentSite, metrics: ServerMetrics()))
        #expect(before.response.text.contains(#""notification":"chargerDeepLinkRequested""#))
        #expect(server.currentSite.answerCaches[0].count == 1)

        try fixture.rewrite(fixture.original.replacingOccurrences(of: "notification: chargerDeepLinkRequested", with: "notification: chargerOpened"))
        #expect(server.reload())
        #expect(server.currentSite.answerCaches[0].count == 0)
        let after = SiteFixture.send(target, handler: SiteHandler(site: server.currentSite, metrics: ServerMetrics()))
        #expect(after.response.text.contains(#""notification":"chargerOpened""#))
    }

    @Test("holds at most two generations of pages, and keeps the ones asked for again")
    func boundedByGenerations() throws {
        let cache = AnswerCache()
        let response = try PreparedResponse(HTTPResponse(status: 200, body: "page"))
        let kept = AnswerCache.Key(host: "links.example.com", target: "/c/kept")
        cache.store(response, route: "charger", for: kept)
        for index in 0..<(3 * AnswerCache.generationSize) {
            cache.store(response, route: "charger", for: AnswerCache.Key(host: "links.example.com", target: "/c/\(index)"))
            if index % (AnswerCache.generationSize / 2) == 0 { #expect(cache.response(for: kept) != nil) }
            #expect(cache.count <= 2 * AnswerCache.generationSize)
        }
        #expect(cache.response(for: kept) != nil)
        #expect(cache.response(for: AnswerCache.Key(host: "links.example.com", target: "/c/0")) == nil)
        #expect(cache.response(for: AnswerCache.Key(host: "other.example.com", target: "/c/kept")) == nil)
    }

    @Test("the answers a turn drops are released a few at a time by the inserts that follow, all within a generation")
    func droppedAnswersAreReleasedGradually() throws {
        final class Watched {
            weak var response: PreparedResponse?
        }
        let cache = AnswerCache()
        var watched: [Watched] = []
        for index in 0..<(2 * AnswerCache.generationSize) {
            let response = try PreparedResponse(HTTPResponse(status: 200, body: "page \(index)"))
            if index < AnswerCache.generationSize {
                let watcher = Watched()
                watcher.response = response
                watched.append(watcher)
            }
            cache.store(response, route: "charger", for: AnswerCache.Key(host: "", target: "/c/\(index)"))
        }
        let alive = { watched.filter { $0.response != nil }.count }
        #expect(alive() == AnswerCache.generationSize)
        // The next insert turns the generations: the oldest leave the cache, and each insert or miss after it
        // releases a few of them.
        let filler = try PreparedResponse(HTTPResponse(status: 200, body: "filler"))
        cache.store(filler, route: "charger", for: AnswerCache.Key(host: "", target: "/c/turn"))
        #expect(cache.count == AnswerCache.generationSize + 1)
        #expect(alive() == AnswerCache.generationSize)
        #expect(cache.response(for: AnswerCache.Key(host: "", target: "/c/0")) == nil)
        #expect(alive() == AnswerCache.generationSize - AnswerCache.releasesPerStep)
        cache.store(filler, route: "charger", for: AnswerCache.Key(host: "", target: "/c/after"))
        #expect(alive() == AnswerCache.generationSize - 2 * AnswerCache.releasesPerStep)
        for index in 2..<(AnswerCache.generationSize / AnswerCache.releasesPerStep) {
            cache.store(filler, route: "charger", for: AnswerCache.Key(host: "", target: "/c/after\(index)"))
        }
        #expect(alive() == 0)
    }

    @Test("long targets bound it by bytes: a flood of made-up 12 KB queries keeps it under two generations' bytes")
    func boundedByBytes() throws {
        let cache = AnswerCache()
        let response = try PreparedResponse(HTTPResponse(status: 200, body: #"{"matched":true}"#))
        let kept = AnswerCache.Key(host: "", target: "/resolve?url=kept")
        cache.store(response, route: "charger", for: kept)
        let padding = String(repeating: "x", count: 12_000)
        for index in 0..<(2 * AnswerCache.generationSize) {
            cache.store(response, route: "charger", for: AnswerCache.Key(host: "", target: "/resolve?url=a&pad\(index)=\(padding)"))
            if index % 16 == 0 { #expect(cache.response(for: kept) != nil) }
            #expect(cache.bytes <= 2 * AnswerCache.generationBytes)
        }
        // Counted by entries alone it would hold all 512; by bytes, at most what two generations' bytes hold.
        #expect(cache.count <= 2 * AnswerCache.generationBytes / padding.utf8.count + 1)
        #expect(cache.response(for: kept) != nil)
        #expect(cache.response(for: AnswerCache.Key(host: "", target: "/resolve?url=a&pad0=\(padding)")) == nil)
        let last = AnswerCache.Key(host: "", target: "/resolve?url=a&pad\(2 * AnswerCache.generationSize - 1)=\(padding)")
        #expect(cache.response(for: last) != nil)
    }

    @Test("a site has a cache for each of the workers it is made for, however many cores there are", arguments: [1, 3, 8])
    func cachePerWorker(workers: Int) throws {
        let site = try Site(configPath: SiteFixture.configPath, publicDirectory: SiteFixture.publicDirectory, workers: workers)
        let caches = (0..<workers).map { site.answerCaches[$0] }
        #expect(Set(caches.map(ObjectIdentifier.init)).count == workers)
        #expect(site.answerCaches[workers] === caches[0])
    }
}
