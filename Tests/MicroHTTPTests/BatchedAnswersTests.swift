import CBatchedAnswers
import CMicroHTTPD
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

    /// `withTCPPair` with the accepted end adopted by the calling thread for `body`, and released after.
    static func withAdoptedTCPPair(_ body: (Int32, Int32) throws -> Void) throws {
        try withTCPPair { server, client in
            microhttp_batching_adopt(server)
            defer { microhttp_batching_release(server) }
            try body(server, client)
        }
    }

    /// Whether TCP_CORK is on for `descriptor`, as the kernel has it.
    static func isCorked(_ descriptor: Int32) -> Bool {
        (tcpOption(descriptor, TCP_CORK) ?? 0) != 0
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
        try Self.withAdoptedTCPPair { server, client in
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
        try Self.withAdoptedTCPPair { server, client in
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

    /// Sets the TCP option `name` of `descriptor` to `value` through setsockopt(), as libmicrohttpd calls it.
    static func setTCPOption(_ descriptor: Int32, _ name: Int32, _ value: Int32) -> Int32 {
        var value = value
        return setsockopt(descriptor, Int32(IPPROTO_TCP), name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// The TCP option `name` of `descriptor` as the kernel has it; nil if it cannot be read.
    static func tcpOption(_ descriptor: Int32, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, Int32(IPPROTO_TCP), name, &value, &size) == 0 ? value : nil
    }

    /// The segments the kernel has received on `descriptor`: tcpi_segs_in, at byte 140 of Linux's struct tcp_info
    /// (linux/tcp.h, which the kernel only ever appends to).
    static func segmentsReceived(_ descriptor: Int32) -> UInt32 {
        var info = [UInt8](repeating: 0, count: 256)
        var size = socklen_t(info.count)
        guard getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, &info, &size) == 0, size >= 144 else { return 0 }
        return info[140..<144].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    @Test("an adopted socket the library corks is uncorked by the next poll without POLLOUT or by its release; its own uncork is made")
    func libraryCork() throws {
        try Self.withAdoptedTCPPair { server, client in
            #expect(Self.setTCPOption(server, TCP_CORK, 1) == 0)
            #expect(Self.isCorked(server))
            #expect(microhttp_batching_is_holding(server) == 1)
            let answer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
            #expect(send(server, answer, answer.count, 0) == answer.count)
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.isCorked(server), "more to write: still corked")
            Self.pollOnce([(server, POLLIN)])
            #expect(!Self.isCorked(server))
            var received = [UInt8](repeating: 0, count: 64)
            let count = recv(client, &received, received.count, 0)
            #expect(Array(received.prefix(max(count, 0))) == answer)
            // Corked by a poll, uncorked by the library: off at once, and no longer held.
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.setTCPOption(server, TCP_CORK, 0) == 0)
            #expect(!Self.isCorked(server))
            #expect(microhttp_batching_is_holding(server) == 0)
            #expect(Self.setTCPOption(server, TCP_CORK, 0) == 0, "uncorked again: the system call, which succeeds")
        }
        // Corked by the library, its push left out, then released as libmicrohttpd closes the connection: what it
        // held arrives.
        try Self.withTCPPair { server, client in
            microhttp_batching_adopt(server)
            #expect(Self.setTCPOption(server, TCP_NODELAY, 1) == 0)
            #expect(Self.setTCPOption(server, TCP_CORK, 1) == 0)
            let answer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
            #expect(send(server, answer, answer.count, 0) == answer.count)
            #expect(Self.setTCPOption(server, TCP_NODELAY, 1) == 0)
            #expect(Self.isCorked(server))
            microhttp_batching_release(server)
            #expect(!Self.isCorked(server))
            var received = [UInt8](repeating: 0, count: 64)
            let count = recv(client, &received, received.count, 0)
            #expect(Array(received.prefix(max(count, 0))) == answer)
        }
    }

    /// Writes `count` bytes one at a time to `server`, each followed by setting TCP_NODELAY (libmicrohttpd's push of
    /// a TLS answer), then polls `server` without POLLOUT; the segments `client` received meanwhile.
    static func pushedWrites(_ count: Int, server: Int32, client: Int32) -> UInt32 {
        let before = segmentsReceived(client)
        for _ in 0..<count {
            let byte: [UInt8] = [0x78]
            _ = send(server, byte, 1, 0)
            _ = setTCPOption(server, TCP_NODELAY, 1)
        }
        pollOnce([(server, POLLIN)])
        var received = [UInt8](repeating: 0, count: 64)
        var total = 0
        while total < count {
            let read = recv(client, &received, received.count, 0)
            guard read > 0 else { break }
            total += read
        }
        return segmentsReceived(client) - before
    }

    @Test("while an adopted socket is corked, setting TCP_NODELAY once it is on does not push: the writes leave together")
    func pushesLeftOut() throws {
        try Self.withAdoptedTCPPair { server, client in
            #expect(Self.setTCPOption(server, TCP_NODELAY, 1) == 0)
            #expect(Self.tcpOption(server, TCP_NODELAY) == 1)
            Self.pollOnce([(server, POLLOUT)])
            // One segment for the ten bytes; a few more only if the machine held this thread past the kernel's
            // 200 ms cork.
            let segments = Self.pushedWrites(10, server: server, client: client)
            #expect(segments < 5, "10 pushed writes came in \(segments) segments")
            #expect(Self.tcpOption(server, TCP_NODELAY) == 1)
            // Turned off, the option is made, and set again it is made too (so that it is on) before it is left out.
            #expect(Self.setTCPOption(server, TCP_NODELAY, 0) == 0)
            #expect(Self.tcpOption(server, TCP_NODELAY) == 0)
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.setTCPOption(server, TCP_NODELAY, 1) == 0)
            #expect(Self.tcpOption(server, TCP_NODELAY) == 1)
        }
        try Self.withTCPPair { server, client in
            // Not adopted, the same writes are pushed one by one: a segment each.
            #expect(Self.setTCPOption(server, TCP_CORK, 1) == 0)
            #expect(Self.pushedWrites(10, server: server, client: client) >= 10)
        }
    }

    @Test("setsockopt keeps its meaning for any other call: other options and levels, sockets not adopted, errors")
    func otherOptions() throws {
        try Self.withAdoptedTCPPair { server, _ in
            Self.pollOnce([(server, POLLOUT)])
            var size: Int32 = 65536
            #expect(setsockopt(server, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size)) == 0)
            var read: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            #expect(getsockopt(server, SOL_SOCKET, SO_SNDBUF, &read, &length) == 0 && read >= 65536)
            #expect(Self.setTCPOption(server, TCP_KEEPIDLE, 30) == 0)
            #expect(Self.tcpOption(server, TCP_KEEPIDLE) == 30)
            var short: Int16 = 1
            errno = 0
            #expect(setsockopt(server, Int32(IPPROTO_TCP), TCP_NODELAY, &short, socklen_t(MemoryLayout<Int16>.size)) == -1)
            #expect(errno == EINVAL)
            #expect(Self.isCorked(server), "a refused call changes nothing")
        }
        errno = 0
        #expect(Self.setTCPOption(-1, TCP_NODELAY, 1) == -1)
        #expect(errno == EBADF)
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { pair.forEach { close($0) } }
        microhttp_batching_adopt(pair[0])
        defer { microhttp_batching_release(pair[0]) }
        errno = 0
        #expect(Self.setTCPOption(pair[0], TCP_CORK, 1) == -1, "not TCP")
        #expect(errno == EOPNOTSUPP)
        #expect(microhttp_batching_is_holding(pair[0]) == 0)
    }

    @Test("poll keeps its meaning: the count of ready sockets, 0 at the end of a timeout, none when there is no socket")
    func pollResults() throws {
        try Self.withAdoptedTCPPair { server, client in
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

    @Test("once TCP_NODELAY is on, setting it on an adopted socket that is not corked is answered without the system call")
    func pushOnUncorkedSocket() throws {
        try Self.withAdoptedTCPPair { server, _ in
            #expect(Self.setTCPOption(server, TCP_NODELAY, 1) == 0)
            #expect(microhttp_batching_is_holding(server) == 0)
            // The number now names a UDP socket, which refuses every TCP option: a call the kernel sees fails.
            let datagram = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            try #require(datagram >= 0)
            defer { close(datagram) }
            try #require(dup2(datagram, server) == server)
            #expect(Self.setTCPOption(server, TCP_NODELAY, 1) == 0, "left out: the write that ended the answer pushed it")
            errno = 0
            #expect(Self.setTCPOption(server, TCP_NODELAY, 0) == -1, "turned off: the system call")
            #expect(errno == ENOPROTOOPT)
        }
    }

    /// Pulls at most `count` bytes of `descriptor` as GnuTLS does through `microhttp_batching_pull`; nil for -1.
    static func pull(_ descriptor: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let pulled = bytes.withUnsafeMutableBytes {
            microhttp_batching_pull(UnsafeMutableRawPointer(bitPattern: Int(descriptor)), $0.baseAddress, count)
        }
        return pulled < 0 ? nil : Array(bytes.prefix(pulled))
    }

    /// The bytes the kernel has for `descriptor` to read.
    static func unread(_ descriptor: Int32) -> Int32 {
        var count: Int32 = -1
        _ = ioctl(descriptor, UInt(FIONREAD), &count)
        return count
    }

    /// Sends `text` from `client` and waits, through poll(), until `server` can read all of it.
    static func deliver(_ text: String, from client: Int32, to server: Int32) -> Bool {
        let bytes = Array(text.utf8)
        guard send(client, bytes, bytes.count, 0) == bytes.count else { return false }
        var readable = pollfd(fd: server, events: Int16(POLLIN), revents: 0)
        while unread(server) < bytes.count {
            guard poll(&readable, 1, 10_000) == 1 else { return false }
        }
        return true
    }

    @Test("a pull for less than a record reads ahead: the next pulls are answered from what was kept, and the socket polls ready to read meanwhile")
    func readAhead() throws {
        try Self.withAdoptedTCPPair { server, client in
            try #require(fcntl(server, F_SETFL, fcntl(server, F_GETFL) | O_NONBLOCK) == 0)
            try #require(Self.deliver("HEADRthe record's body, and a second record", from: client, to: server))
            #expect(Self.pull(server, 5) == Array("HEADR".utf8))
            #expect(Self.unread(server) == 0, "the rest was read with the header")
            #expect(microhttp_batching_pull_timeout(UnsafeMutableRawPointer(bitPattern: Int(server)), 1000) == 1)
            var set = [pollfd(fd: server, events: Int16(POLLIN), revents: 0), pollfd(fd: client, events: Int16(POLLIN), revents: 0)]
            #expect(poll(&set, 2, 1000) == 1, "ready at once: the kernel no longer has the bytes")
            #expect(set.map(\.revents) == [Int16(POLLIN), 0])
            #expect(Self.pollOnce([(server, POLLOUT)]) == [Int16(POLLOUT)], "polled for writing alone: not said to be readable")
            #expect(Self.pull(server, 17) == Array("the record's body".utf8))
            #expect(Self.pull(server, 100) == Array(", and a second record".utf8), "no more than was kept")
            #expect(Self.pollOnce([(server, POLLIN)]) == [0])
            #expect(microhttp_batching_pull_timeout(UnsafeMutableRawPointer(bitPattern: Int(server)), 0) == 0)
            errno = 0
            #expect(Self.pull(server, 5) == nil)
            #expect(errno == EAGAIN)
            // Read ahead again once what was kept is taken; bytes arriving meanwhile wait their turn in the kernel.
            try #require(Self.deliver("12345678", from: client, to: server))
            #expect(Self.pull(server, 2) == Array("12".utf8))
            try #require(Self.deliver("abc", from: client, to: server))
            #expect(Self.pull(server, 100) == Array("345678".utf8))
            #expect(Self.pull(server, 100) == Array("abc".utf8))
        }
    }

    @Test("several sockets keep their bytes read ahead apart, a few or many, taken in any order")
    func readAheadOnSeveralSockets() throws {
        try Self.withTCPPair { first, firstClient in
            try Self.withTCPPair { second, secondClient in
                try Self.withTCPPair { third, thirdClient in
                    for server in [first, second, third] { microhttp_batching_adopt(server) }
                    defer { for server in [first, second, third] { microhttp_batching_release(server) } }
                    let many = String(repeating: "m", count: 5000)
                    try #require(Self.deliver("first's bytes", from: firstClient, to: first))
                    try #require(Self.deliver("second's bytes", from: secondClient, to: second))
                    try #require(Self.deliver("3" + many, from: thirdClient, to: third))
                    #expect(Self.pull(first, 5) == Array("first".utf8))
                    #expect(Self.pull(second, 6) == Array("second".utf8))
                    #expect(Self.pull(third, 1) == Array("3".utf8))
                    #expect(Self.pollOnce([(first, POLLIN), (second, POLLIN), (third, POLLIN)]) == Array(repeating: Int16(POLLIN), count: 3))
                    #expect(Self.pull(first, 100) == Array("'s bytes".utf8), "the first taken: the last one moves to its place")
                    #expect(Self.pull(third, 6000) == Array(many.utf8))
                    #expect(Self.pull(second, 100) == Array("'s bytes".utf8))
                    #expect(Self.pollOnce([(first, POLLIN), (second, POLLIN), (third, POLLIN)]) == [0, 0, 0])
                }
            }
        }
    }

    @Test("bytes read ahead go with their socket's release; a socket not adopted, or a pull of a record, is read as recv() reads")
    func readAheadEnds() throws {
        try Self.withTCPPair { server, client in
            microhttp_batching_adopt(server)
            try #require(Self.deliver("abcdef", from: client, to: server))
            #expect(Self.pull(server, 2) == Array("ab".utf8))
            microhttp_batching_release(server)
            #expect(Self.pollOnce([(server, POLLIN)]) == [0], "released: what was kept is gone")
            microhttp_batching_adopt(server)
            defer { microhttp_batching_release(server) }
            try #require(Self.deliver("123456", from: client, to: server))
            #expect(Self.pull(server, 2) == Array("12".utf8), "adopted again: nothing of before")
            #expect(Self.pull(server, 10) == Array("3456".utf8))
            try #require(Self.deliver("XY", from: client, to: server))
            #expect(microhttp_batching_pull_timeout(UnsafeMutableRawPointer(bitPattern: Int(server)), 1000) == 1)
            #expect(Self.pull(server, 10) == Array("XY".utf8))
            // A pull of a whole record or more is recv() itself: nothing kept.
            let record = String(repeating: "r", count: 17 * 1024)
            try #require(Self.deliver(record + "tail", from: client, to: server))
            #expect(Self.pull(server, 17 * 1024)?.count == 17 * 1024)
            #expect(Self.unread(server) == 4)
            #expect(Self.pull(server, 4) == Array("tail".utf8))
        }
        try Self.withTCPPair { server, client in
            try #require(Self.deliver("abcdef", from: client, to: server))
            #expect(Self.pull(server, 2) == Array("ab".utf8))
            #expect(Self.unread(server) == 4, "not adopted: the rest stays in the kernel")
        }
        errno = 0
        #expect(Self.pull(-1, 5) == nil)
        #expect(errno == EBADF)
    }

    /// What the senders below were called for: how often, and on which socket each writes its byte.
    final class SentRecords {
        let descriptor: Int32
        var count = 0
        init(descriptor: Int32) { self.descriptor = descriptor }
    }

    /// A sender of kept-back answers, as batched_answers.c calls it: counts the call in its `SentRecords` and writes
    /// one byte, "B", to that socket.
    static let sendRecord: microhttp_record_sender = { _, context in
        guard let context else { return }
        let sent = Unmanaged<SentRecords>.fromOpaque(context).takeUnretainedValue()
        sent.count += 1
        _ = send(sent.descriptor, "B", 1, 0)
    }

    /// Keeps back answers on `descriptor` for `sent`, with a stand-in for their session (never read but to find it).
    static func keep(_ descriptor: Int32, for sent: SentRecords, session: OpaquePointer? = OpaquePointer(bitPattern: 0x1000)) -> Int32 {
        microhttp_batching_defer_record(
            descriptor, UnsafeMutableRawPointer(session), sendRecord, nil, Unmanaged.passUnretained(sent).toOpaque())
    }

    @Test("answers followed by their connection's next request are sent once, by a poll that does not ask to write on the socket, into its cork")
    func keptRecords() throws {
        try Self.withTCPPair { server, client in
            let sent = SentRecords(descriptor: server)
            #expect(Self.keep(server, for: sent) == 0, "not adopted: the caller sends them")
            microhttp_batching_adopt(server)
            defer { microhttp_batching_release(server) }
            Self.pollOnce([(server, POLLOUT)])
            #expect(send(server, "A", 1, 0) == 1)
            #expect(Self.keep(server, for: sent) == 1)
            microhttp_batching_continue(server)
            Self.pollOnce([(server, POLLOUT)])
            #expect(Self.keep(server, for: sent) == 1, "kept again before they left: still one sender call due")
            microhttp_batching_continue(server)
            #expect(sent.count == 0, "more to write: kept")
            let before = Self.segmentsReceived(client)
            Self.pollOnce([(server, POLLIN)])
            #expect(sent.count == 1)
            var received = [UInt8](repeating: 0, count: 8)
            #expect(recv(client, &received, received.count, 0) == 2)
            #expect(Array(received.prefix(2)) == Array("AB".utf8), "the kept answer went into the cork and left with it")
            #expect(Self.segmentsReceived(client) - before == 1)
            Self.pollOnce([(server, POLLIN)])
            #expect(sent.count == 1, "sent once")
            // Without the next request seen, they leave at the next poll, even one that asks to write.
            #expect(Self.keep(server, for: sent) == 1)
            Self.pollOnce([(server, POLLOUT)])
            #expect(sent.count == 2)
            // Asked for, they leave at once; left out of a poll, they leave too.
            #expect(Self.keep(server, for: sent) == 1)
            microhttp_batching_send_record(server)
            microhttp_batching_send_record(server)
            #expect(sent.count == 3)
            #expect(Self.keep(server, for: sent) == 1)
            microhttp_batching_continue(server)
            Self.pollOnce([])
            #expect(sent.count == 4)
        }
    }

    @Test("answers kept back without their connection's next request seen leave as the thread moves on: another socket's pull, kept-back answers or request")
    func keptRecordsUnfollowed() throws {
        try Self.withTCPPair { first, _ in
            try Self.withTCPPair { second, secondClient in
                let (firstSent, secondSent) = (SentRecords(descriptor: first), SentRecords(descriptor: second))
                for server in [first, second] { microhttp_batching_adopt(server) }
                defer { for server in [first, second] { microhttp_batching_release(server) } }
                // Another socket's kept-back answers send the first's, not its own.
                #expect(Self.keep(first, for: firstSent) == 1)
                #expect(Self.keep(second, for: secondSent) == 1)
                #expect((firstSent.count, secondSent.count) == (1, 0))
                // A request seen on another connection: the same; on its own, it waits.
                #expect(Self.keep(first, for: firstSent) == 1)
                #expect((firstSent.count, secondSent.count) == (1, 1))
                microhttp_batching_continue(first)
                microhttp_batching_continue(second)
                #expect((firstSent.count, secondSent.count) == (1, 1), "the first's next request seen: kept")
                // A pull: on the socket's own, nothing leaves; on another socket, the answers not followed leave.
                #expect(Self.keep(second, for: secondSent) == 1)
                try #require(Self.deliver("x", from: secondClient, to: second))
                #expect(Self.pull(second, 1) == Array("x".utf8))
                #expect((firstSent.count, secondSent.count) == (1, 1), "a pull on the second's own socket, and the first's firm")
                try #require(fcntl(first, F_SETFL, fcntl(first, F_GETFL) | O_NONBLOCK) == 0)
                #expect(Self.pull(first, 1) == nil)
                #expect((firstSent.count, secondSent.count) == (1, 2), "a pull on another socket sends the second's")
                Self.pollOnce([(first, POLLOUT)])
                #expect((firstSent.count, secondSent.count) == (1, 2), "the first's next request seen and more to write: kept")
                Self.pollOnce([(first, POLLIN)])
                #expect((firstSent.count, secondSent.count) == (2, 2))
            }
        }
    }

    @Test("of several sockets' kept-back answers, one poll sends those of the sockets it does not ask to write on, first, middle or last")
    func keptRecordsOfSeveralSockets() throws {
        try Self.withTCPPair { first, _ in
            try Self.withTCPPair { second, _ in
                try Self.withTCPPair { third, _ in
                    let servers = [first, second, third]
                    let sent = servers.map { SentRecords(descriptor: $0) }
                    for server in servers { microhttp_batching_adopt(server) }
                    defer { for server in servers { microhttp_batching_release(server) } }
                    for writing in [[first], [second], [third], [first, third], [second, third], []] {
                        for (server, records) in zip(servers, sent) {
                            #expect(Self.keep(server, for: records) == 1)
                            microhttp_batching_continue(server)
                        }
                        let before = sent.map(\.count)
                        Self.pollOnce(servers.map { ($0, writing.contains($0) ? POLLOUT : POLLIN) })
                        let calls = zip(sent, before).map { $0.count - $1 }
                        #expect(calls == servers.map { writing.contains($0) ? 0 : 1 }, "writing on \(writing)")
                        Self.pollOnce(servers.map { ($0, POLLIN) })
                        #expect(zip(sent, before).map { $0.count - $1 } == [1, 1, 1], "then the rest, once each")
                    }
                }
            }
        }
    }

    @Test("answers kept back go unsent with their socket's release (gnutls_bye, which sends them first, is in test_tls_records.py)")
    func keptRecordsReleased() throws {
        try Self.withTCPPair { server, _ in
            let sent = SentRecords(descriptor: server)
            microhttp_batching_adopt(server)
            #expect(Self.keep(server, for: sent) == 1)
            microhttp_batching_release(server)
            Self.pollOnce([(server, POLLIN)])
            microhttp_batching_send_record(server)
            #expect(sent.count == 0, "released: dropped")
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

    @Test("a served TLS connection is uncorked once its client has an answer, and a pipelined batch's answers leave together")
    func servedTLSConnections() throws {
        var configuration = TestServer.configuration()
        configuration.tls = try TLSTests.selfSignedCredentials()
        let handler: @Sendable (HTTPRequest) -> HTTPReply = { _ in
            .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: "small"))
        }
        try TestServer.with(configuration, handler: handler) { server in
            let client = try TLSClient(port: server.boundPort)
            let request = "GET /next HTTP/1.1\r\nHost: links.example.com\r\n\r\n"
            try client.send(request)
            #expect(try client.bodies(1) == ["small"])
            let served = try #require(Self.servedSocket(peerPort: client.localPort))
            // libmicrohttpd corks a TLS socket for its first answer and never uncorks it there.
            #expect(Self.uncorks(served), "one request")
            let before = Self.segmentsReceived(client.descriptor)
            try client.send(String(repeating: request, count: 16))
            #expect(try client.bodies(16) == Array(repeating: "small", count: 16))
            let segments = Self.segmentsReceived(client.descriptor) - before
            // One segment for the first answer, about one for the rest, maybe an acknowledgement, or more if the
            // server was held up past the kernel's 200 ms cork: one an answer before.
            #expect(segments < 8, "16 answers came in \(segments) segments")
            #expect(Self.uncorks(served), "a pipelined batch")
        }
    }
}

/// A TLS client of GnuTLS's on a blocking socket (reads time out after 20 s), certificates not verified: enough to
/// hold one keep-alive connection to a test server open while its socket is looked at.
private final class TLSClient {
    let descriptor: Int32
    private var session: OpaquePointer?
    private var credentials: OpaquePointer?
    private var pending: [UInt8] = []

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        try #require(descriptor >= 0)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        try #require(connected)
        try #require(gnutls_init(&session, UInt32(GNUTLS_CLIENT)) == GNUTLS_E_SUCCESS)
        try #require(gnutls_certificate_allocate_credentials(&credentials) == GNUTLS_E_SUCCESS)
        try #require(gnutls_set_default_priority(session) == GNUTLS_E_SUCCESS)
        try #require(gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, UnsafeMutableRawPointer(credentials)) == GNUTLS_E_SUCCESS)
        gnutls_transport_set_int2(session, descriptor, descriptor)
        var result: Int32
        repeat { result = gnutls_handshake(session) } while result < 0 && gnutls_error_is_fatal(result) == 0
        try #require(result == GNUTLS_E_SUCCESS, "handshake: \(String(cString: gnutls_strerror(result)))")
    }

    deinit {
        if let session { gnutls_deinit(session) }
        if let credentials { gnutls_certificate_free_credentials(credentials) }
        close(descriptor)
    }

    /// The client's port, which is the served socket's peer port.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        try #require(bytes.withUnsafeBytes { gnutls_record_send(session, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// The bodies of the next `count` answers, each framed by its Content-Length.
    func bodies(_ count: Int) throws -> [String] {
        var bodies: [String] = []
        while bodies.count < count {
            if let (body, used) = Self.firstAnswer(in: pending) {
                bodies.append(body)
                pending.removeFirst(used)
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 16384)
            var read = 0
            // GNUTLS_E_AGAIN also follows a record with no data (TLS 1.3's session tickets); a read that timed out
            // gives it too, so the retries are few.
            for _ in 0..<3 {
                read = chunk.withUnsafeMutableBytes { gnutls_record_recv(session, $0.baseAddress, $0.count) }
                if read != Int(GNUTLS_E_AGAIN) && read != Int(GNUTLS_E_INTERRUPTED) { break }
            }
            try #require(read > 0, "the answers ended after \(bodies.count) of \(count): \(read)")
            pending += chunk.prefix(read)
        }
        return bodies
    }

    /// The body of the first whole answer in `bytes` and the bytes it takes, or nil while it is incomplete.
    private static func firstAnswer(in bytes: [UInt8]) -> (String, Int)? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        let length =
            head.split(separator: "\r\n").compactMap { line -> Int? in
                line.hasPrefix("content-length:") ? Int(line.dropFirst("content-length:".count).trimmingPrefix(" ")) : nil
            }.first ?? 0
        let bodyStart = end + separator.count
        guard bytes.count >= bodyStart + length else { return nil }
        return (String(decoding: bytes[bodyStart..<bodyStart + length], as: UTF8.self), bodyStart + length)
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
