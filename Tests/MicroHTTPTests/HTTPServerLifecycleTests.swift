import Dispatch
import Glibc
import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Starting and stopping the server")
struct HTTPServerLifecycleTests {
    static let ok: @Sendable (HTTPRequest) -> HTTPReply = { _ in .response(HTTPResponse(status: 200, body: "ok")) }

    @Test("port 0 binds a real port that serves requests")
    func portZeroBindsRealPort() throws {
        try TestServer.with(handler: Self.ok) { server in
            #expect((1...65535).contains(server.boundPort))
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().text == "ok")
        }
    }

    @Test("a second server on a port in use fails with a clear error")
    func secondServerOnSamePortFails() throws {
        try TestServer.with(handler: Self.ok) { first in
            var configuration = TestServer.configuration()
            configuration.port = first.boundPort
            let second = HTTPServer(configuration: configuration, logger: TestServer.quietLogger, handler: Self.ok)
            let error = #expect(throws: HTTPServerError.self) { try second.start() }
            #expect(error == .cannotListen(address: "127.0.0.1:\(first.boundPort)", reason: "address already in use"))
            #expect(error?.description == "cannot listen on 127.0.0.1:\(first.boundPort): address already in use")
        }
    }

    @Test("an invalid configuration lists every problem")
    func invalidConfigurationListsProblems() {
        let configuration = HTTPServer.Configuration(host: "localhost", port: 70000, threadPoolSize: 0)
        let server = HTTPServer(configuration: configuration, logger: TestServer.quietLogger, handler: Self.ok)
        #expect(
            throws: HTTPServerError.invalidConfiguration([
                "host 'localhost' is not an IPv4 or IPv6 address literal",
                "port 70000 is outside 0...65535",
                "threadPoolSize 0 is outside 1...1024",
            ])
        ) { try server.start() }
    }

    @Test("starting twice is refused")
    func startingTwiceIsRefused() throws {
        try TestServer.with(handler: Self.ok) { server in
            #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        }
    }

    @Test("a TLS key libmicrohttpd cannot load fails start with its reason")
    func badTLSKeyFailsStart() {
        var configuration = TestServer.configuration()
        configuration.tls = HTTPServer.TLSCredentials(certificatePEM: "not a certificate", keyPEM: "not a key")
        let server = HTTPServer(configuration: configuration, logger: TestServer.quietLogger, handler: Self.ok)
        let error = #expect(throws: HTTPServerError.self) { try server.start() }
        guard case .cannotStart(let address, let reason) = error else {
            Issue.record("expected cannotStart, got \(String(describing: error))")
            return
        }
        #expect(address.hasPrefix("127.0.0.1:"))
        #expect(reason == "Failed to initialize TLS support.")
    }

    @Test("stop lets an in-flight request finish, telling the client to close", arguments: [false, true])
    func stopDrainsInFlightRequest(isPrepared: Bool) throws {
        let handlerStarted = DispatchSemaphore(value: 0)
        let finished = HTTPResponse(status: 200, body: "finished")
        let prepared = try PreparedResponse(finished)
        let server = HTTPServer(configuration: TestServer.configuration(), logger: TestServer.quietLogger) { _ in
            handlerStarted.signal()
            var pause = timespec(tv_sec: 0, tv_nsec: 300_000_000)
            nanosleep(&pause, nil)
            return isPrepared ? .prepared(prepared) : .response(finished)
        }
        try server.start()
        let connection = try RawConnection(port: server.boundPort)
        try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(handlerStarted.wait(timeout: .now() + 5) == .success)
        let clock = ContinuousClock()
        let stopTime = clock.measure { server.stop(drainDeadline: .seconds(5)) }
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "finished")
        #expect(response.headers["Connection"] == "close")
        #expect(stopTime < .seconds(4))
        #expect(throws: RawConnectionError.self) { try RawConnection(port: server.boundPort) }
    }

    @Test("stop closes idle keep-alive connections at once instead of waiting for the drain deadline")
    func stopClosesIdleConnectionsAtOnce() throws {
        let server = HTTPServer(configuration: TestServer.configuration(), logger: TestServer.quietLogger, handler: Self.ok)
        try server.start()
        let connection = try RawConnection(port: server.boundPort)
        try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse().headers["Connection"] == nil)
        let stopTime = ContinuousClock().measure { server.stop(drainDeadline: .seconds(5)) }
        #expect(stopTime < .seconds(2))
        #expect(connection.isClosedByServer())
    }

    @Test("a handler response libmicrohttpd refuses is answered with 500")
    func refusedResponseBecomes500() throws {
        try TestServer.with(handler: { _ in .response(HTTPResponse(status: 200, headers: ["X-Bad": "a\nb"])) }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 500)
        }
    }
}
