import DeepLinkRouting
import Dispatch
import Foundation
import HTTPTestSupport
import MicroHTTP
import Synchronization
import Testing

@testable import DeepLinkServer

@Suite("Reloading while requests are served", .timeLimit(.minutes(60)))
struct ReloadUnderLoadTests {
    /// The status code of one `GET target` on a new connection to 127.0.0.1:`port`, or nil if nothing came back.
    static func status(port: Int, target: String) -> Int? {
        guard let connection = try? RawConnection(port: port) else { return nil }
        try? connection.send("GET \(target) HTTP/1.1\r\nHost: links.example.com\r\nConnection: close\r\n\r\n")
        return (try? connection.readResponse())?.status
    }

    @Test("every request is answered from a whole site while reloads, good and broken, swap it (run under make tsan)")
    func reloadsDuringRequests() throws {
        let fixture = try ReloadableServer(named: "reload")
        defer { fixture.remove() }
        let server = fixture.server
        try server.start(HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 2, perIPConnectionLimit: 0))
        defer { server.stop(drainDeadline: .seconds(2)) }
        let port = server.boundPort

        let failures = Mutex<[String]>([])
        let answered = Atomic<Int>(0)
        let isDone = Atomic<Bool>(false)
        // Clients run on threads of their own: a queue shared with other tests can start them only after the reloads.
        let clients = DispatchGroup()
        for client in 0..<3 {
            clients.enter()
            Thread.detachNewThread {
                defer { clients.leave() }
                let targets = ["/c/CH-\(client)", "/.well-known/apple-app-site-association", "/resolve?url=expchg%3A%2F%2Fc%2F\(client)", "/c/CH-42"]
                var index = 0
                while !isDone.load(ordering: .acquiring) {
                    let target = targets[index % targets.count]
                    let status = Self.status(port: port, target: target)
                    if status != 200 { failures.withLock { $0.append("\(target): \(status.map(String.init) ?? "no answer")") } }
                    answered.wrappingAdd(1, ordering: .relaxed)
                    index += 1
                }
            }
        }
        var waits = 0
        while answered.load(ordering: .relaxed) == 0 && waits < 500 {
            usleep(10_000)
            waits += 1
        }
        var reloads = (applied: 0, rejected: 0)
        for round in 0..<40 {
            let isBroken = round % 5 == 4
            try fixture.rewrite(isBroken ? fixture.original + "  - name: broken\n    path: x/$(\n" : fixture.original)
            if server.reload() { reloads.applied += 1 } else { reloads.rejected += 1 }
            usleep(5_000)
        }
        isDone.store(true, ordering: .releasing)
        clients.wait()
        #expect(reloads == (32, 8))
        #expect(answered.load(ordering: .relaxed) > 40)
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 }.prefix(5))")
        #expect(Self.status(port: port, target: "/c/CH-42") == 200)
    }

    @Test("every request is answered while --watch reloads renamed configs and templates on its own thread (run under make tsan)")
    func watchReloadsDuringRequests() throws {
        let site = try WatchedSiteFixture(named: "watch-load")
        defer { site.remove() }
        let server = site.server
        try server.start(HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 2, perIPConnectionLimit: 0))
        server.watch(SourceWatcher.Settings(settle: .milliseconds(20)))
        #expect(WatchedSiteFixture.waitUntil { !site.logged("watching for changes").isEmpty })
        let port = server.boundPort
        let failures = Mutex<[String]>([])
        let isDone = Atomic<Bool>(false)
        let clients = DispatchGroup()
        for client in 0..<2 {
            clients.enter()
            Thread.detachNewThread {
                defer { clients.leave() }
                let targets = ["/c/CH-\(client)", "/.well-known/apple-app-site-association", "/static/deeplinkd.css"]
                var index = 0
                while !isDone.load(ordering: .acquiring) {
                    let status = Self.status(port: port, target: targets[index % targets.count])
                    if status != 200 { failures.withLock { $0.append("\(targets[index % targets.count]): \(status.map(String.init) ?? "no answer")") } }
                    index += 1
                }
            }
        }
        let layout = site.publicDirectory + "/templates/layout.mustache"
        let original = try String(contentsOfFile: layout, encoding: .utf8)
        for round in 1...8 {
            let config = round % 2 == 0 ? WatchedSiteFixture.original : WatchedSiteFixture.extended
            try config.write(toFile: site.configPath, atomically: true, encoding: .utf8)
            try original.replacingOccurrences(of: "</main>", with: "<!-- \(round) --></main>").write(toFile: layout, atomically: true, encoding: .utf8)
            // Two files, two renames: a reload may come between them; the last one has both.
            let routes = round % 2 == 0 ? 5 : 6
            #expect(
                WatchedSiteFixture.waitUntil {
                    let site = site.server.currentSite
                    return site.pages.render("layout", [:]).contains("<!-- \(round) -->") && site.table.routes.count == routes
                })
        }
        isDone.store(true, ordering: .releasing)
        clients.wait()
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 }.prefix(5))")
        #expect(site.logged("reload rejected; still serving the previous config").isEmpty)
    }
}
