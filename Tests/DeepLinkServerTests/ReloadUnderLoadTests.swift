import Dispatch
import Foundation
import Logging
import MicroHTTP
import Synchronization
import Testing

@testable import DeepLinkServer

@Suite("Reloading while requests are served")
struct ReloadUnderLoadTests {
    /// The status code of one `GET target` on a new connection to 127.0.0.1:`port`, or nil if nothing came back.
    static func status(port: Int, target: String) -> Int? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = "GET \(target) HTTP/1.1\r\nHost: links.example.com\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[..<count]
        }
        let statusLine = String(decoding: response.prefix(12), as: UTF8.self)
        return statusLine.hasPrefix("HTTP/1.1 ") ? Int(statusLine.dropFirst(9)) : nil
    }

    @Test("every request is answered from a whole site while reloads, good and broken, swap it (run under make tsan)")
    func reloadsDuringRequests() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-reload-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("deeplinkd.yaml")
        let original = try String(contentsOfFile: SiteFixture.configPath, encoding: .utf8)
        try original.write(to: config, atomically: true, encoding: .utf8)
        var logger = Logger(label: "deeplinkd-test")
        logger.logLevel = .critical
        let server = try DeepLinkServer(configPath: config.path, publicDirectory: SiteFixture.publicDirectory, logger: logger, accessLog: .sink { _ in })
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
            try (isBroken ? original + "  - name: broken\n    path: x/$(\n" : original).write(to: config, atomically: true, encoding: .utf8)
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
}
