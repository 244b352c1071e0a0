import CBatchedAnswers
import Glibc
import HTTPTestSupport
import Testing

@testable import MicroHTTP

/// poll() as CBatchedAnswers defines it for the process, on sockets of the test's own thread: a socket adopted with
/// `microhttp_batching_adopt` is corked while it is polled for POLLOUT and uncorked when it is polled without POLLOUT
/// or not at all. The whole server under a pipelining client is in Tests/system/test_pipelined_batches.py.
@Suite("The answers to a pipelined batch leave together: poll() corks a socket while there is more to write on it")
struct BatchedAnswersTests {
    /// A connected pair of loopback TCP sockets, (the accepted end, the connecting end), closed by `body`'s caller.
    static func withTCPPair(_ body: (Int32, Int32) throws -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound && listen(listener, 1) == 0)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(client >= 0)
        defer { close(client) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) == 0 }
        }
        try #require(connected)
        let server = accept(listener, nil, nil)
        try #require(server >= 0)
        defer { close(server) }
        try body(server, client)
    }

    /// Whether TCP_CORK is on for `descriptor`, as the kernel has it.
    static func isCorked(_ descriptor: Int32) -> Bool {
        var value: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_CORK, &value, &size) == 0 && value != 0
    }

    /// Polls `descriptors`, each for its events, without waiting; what each is ready for.
    @discardableResult
    static func pollOnce(_ descriptors: [(Int32, Int32)]) -> [Int16] {
        var set = descriptors.map { pollfd(fd: $0.0, events: Int16($0.1), revents: 0) }
        _ = poll(&set, nfds_t(set.count), 0)
        return set.map(\.revents)
    }

    @Test("an adopted socket polled for POLLOUT is corked; polled for POLLIN alone it is uncorked and what it held arrives")
    func corkedWhileWriting() throws {
        try Self.withTCPPair { server, client in
            microhttp_batching_adopt(server)
            defer { microhttp_batching_release(server) }
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.isCorked(server))
            #expect(microhttp_batching_is_holding(server) == 1)
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.isCorked(server), "still more to write: still corked")
            let answer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
            #expect(send(server, answer, answer.count, 0) == answer.count)
            Self.pollOnce([(server, POLLIN)])
            #expect(!Self.isCorked(server))
            #expect(microhttp_batching_is_holding(server) == 0)
            var received = [UInt8](repeating: 0, count: 64)
            let count = recv(client, &received, received.count, 0)
            #expect(Array(received.prefix(max(count, 0))) == answer)
        }
    }

    @Test("of several corked sockets, the one left out of a poll is uncorked and the others stay corked, at any number")
    func severalSockets() throws {
        try Self.withTCPPair { first, _ in
            try Self.withTCPPair { second, _ in
                try Self.withTCPPair { third, _ in
                    // A high number, so that the table of states grows past its first size.
                    let high = dup2(third, 700)
                    try #require(high == 700)
                    defer { close(high) }
                    let sockets = [first, second, high]
                    sockets.forEach { microhttp_batching_adopt($0) }
                    defer { sockets.forEach { microhttp_batching_release($0) } }
                    Self.pollOnce(sockets.map { ($0, POLLOUT) })
                    #expect(sockets.map(Self.isCorked) == [true, true, true])
                    Self.pollOnce([(first, POLLOUT), (high, POLLOUT)])
                    #expect(sockets.map(Self.isCorked) == [true, false, true])
                    Self.pollOnce([(first, POLLIN), (high, POLLOUT)])
                    #expect(sockets.map(Self.isCorked) == [false, false, true])
                    // Adopted again without a release (its number used again): what it held is not kept.
                    microhttp_batching_adopt(high)
                    #expect(!Self.isCorked(high))
                    #expect(microhttp_batching_is_holding(high) == 0)
                }
            }
        }
    }

    @Test("a corked socket left out of a poll is uncorked")
    func uncorkedWhenLeftOut() throws {
        try Self.withTCPPair { server, client in
            microhttp_batching_adopt(server)
            defer { microhttp_batching_release(server) }
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.isCorked(server))
            Self.pollOnce([(client, POLLIN)])
            #expect(!Self.isCorked(server))
            Self.pollOnce([])
            #expect(!Self.isCorked(server))
        }
    }

    @Test("releasing a corked socket uncorks it, and a released socket is not corked again")
    func release() throws {
        try Self.withTCPPair { server, _ in
            microhttp_batching_adopt(server)
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.isCorked(server))
            microhttp_batching_release(server)
            #expect(!Self.isCorked(server))
            Self.pollOnce([(server, POLLOUT)])
            #expect(!Self.isCorked(server))
            #expect(microhttp_batching_is_holding(server) == 0)
        }
    }

    @Test("a socket not adopted, or adopted on another thread, is never corked, whatever it is polled for")
    func notAdopted() throws {
        try Self.withTCPPair { server, client in
            Self.pollOnce([(server, POLLOUT), (client, POLLOUT | POLLIN)])
            #expect(!Self.isCorked(server))
            #expect(!Self.isCorked(client))
            let adopter = OneShotThread { microhttp_batching_adopt(server) }
            try #require(adopter.runToEnd())
            Self.pollOnce([(server, POLLOUT)])
            #expect(!Self.isCorked(server))
        }
    }

    @Test("a socket that cannot be corked (not TCP) is polled as any other and never held")
    func notTCP() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { pair.forEach { close($0) } }
        microhttp_batching_adopt(pair[0])
        defer { microhttp_batching_release(pair[0]) }
        for _ in 0..<2 {
            let ready = Self.pollOnce([(pair[0], POLLOUT)])
            #expect(ready == [Int16(POLLOUT)])
            #expect(microhttp_batching_is_holding(pair[0]) == 0)
        }
    }

    @Test("poll keeps its meaning: the count of ready sockets, 0 at the end of a timeout, none when there is no socket")
    func pollResults() throws {
        try Self.withTCPPair { server, client in
            microhttp_batching_adopt(server)
            defer { microhttp_batching_release(server) }
            var set = [pollfd(fd: server, events: Int16(POLLIN), revents: 0), pollfd(fd: client, events: Int16(POLLOUT), revents: 0)]
            #expect(poll(&set, 2, 0) == 1)
            #expect(set[1].revents == Int16(POLLOUT))
            #expect(poll(&set, 1, 20) == 0, "nothing to read on the server's end: the 20 ms run out")
            #expect(poll(nil, 0, 1) == 0)
            let answer = Array("x".utf8)
            #expect(send(client, answer, 1, 0) == 1)
            #expect(poll(&set, 1, 10_000) == 1, "the byte arrives")
            #expect(poll(&set, 1, -1) == 1, "no timeout: ready at once")
        }
    }

    /// The socket of this process whose peer is 127.0.0.1:`port`: the server's end of a client's connection.
    static func servedSocket(peerPort port: Int) -> Int32? {
        for descriptor in Int32(0)..<4096 {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let read = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) == 0 }
            }
            if read, address.sin_family == sa_family_t(AF_INET), Int(UInt16(bigEndian: address.sin_port)) == port {
                return descriptor
            }
        }
        return nil
    }

    /// Whether TCP_CORK goes off on `descriptor` while its worker polls, checked every 10 ms for 5 s: an answer
    /// a client has whole is never left behind a cork (a stranded one would stay on).
    static func uncorks(_ descriptor: Int32) -> Bool {
        for _ in 0..<500 {
            if !isCorked(descriptor) { return true }
            usleep(10_000)
        }
        return false
    }

    @Test("a served connection is uncorked once its client has the answers: one at a time, large, a pipelined batch")
    func servedConnections() throws {
        let large = String(repeating: "b", count: 1 << 20)
        let handler: @Sendable (HTTPRequest) -> HTTPReply = { request in
            .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: request.path == "/large" ? large : "small"))
        }
        try TestServer.with(handler: handler) { server in
            let connection = try RawConnection(port: server.boundPort, timeoutSeconds: 20)
            try connection.send("GET /first HTTP/1.1\r\nHost: links.example.com\r\n\r\n")
            #expect(try connection.readResponse().text == "small")
            let served = try #require(Self.servedSocket(peerPort: connection.localPort))
            #expect(!Self.isCorked(served), "one request: answered in the turn that read it")
            try connection.send("GET /large HTTP/1.1\r\nHost: links.example.com\r\n\r\n")
            #expect(try connection.readResponse().body.count == 1 << 20)
            #expect(Self.uncorks(served), "a large answer")
            let request = "GET /next HTTP/1.1\r\nHost: links.example.com\r\n\r\n"
            try connection.send(String(repeating: request, count: 16))
            for _ in 0..<16 { #expect(try connection.readResponse().text == "small") }
            #expect(Self.uncorks(served), "a pipelined batch")
        }
    }
}

/// A POSIX thread that runs one closure; `runToEnd` starts it and waits for it.
private final class OneShotThread {
    private let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }

    /// Runs the closure on a new thread and joins it; false when the thread could not be made.
    func runToEnd() -> Bool {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard
            pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<OneShotThread>.fromOpaque(context).takeRetainedValue().body()
                    return nil
                }, context) == 0
        else {
            Unmanaged<OneShotThread>.fromOpaque(context).release()
            return false
        }
        return pthread_join(thread, nil) == 0
    }
}
