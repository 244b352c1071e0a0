import Dispatch
import Foundation
import Glibc
import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Draining connections on stop")
struct HTTPServerDrainTests {
    @Test("a request queued on an idle keep-alive connection when the drain starts is still answered")
    func queuedRequestOnIdleConnectionIsAnswered() throws {
        // The request sent on the idle connection while the worker is held waits unread in the kernel while the
        // drain shuts the reading side of that connection.
        let (server, entered, release) = try Self.startHeldServer()
        let idle = try RawConnection(port: server.boundPort)
        try idle.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle.readResponse().text == "answered /first")
        let busy = try RawConnection(port: server.boundPort)
        try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 5) == .success)
        try idle.send("GET /queued HTTP/1.1\r\nHost: x\r\n\r\n")

        let stopped = Self.stopInBackground(server)
        #expect(Self.waitUntilRefused(port: server.boundPort), "the drain did not start")
        release.signal()

        #expect(try busy.readResponse().text == "answered /slow")
        let queued = try idle.readResponse()
        #expect(queued.text == "answered /queued")
        #expect(queued.headers["Connection"] == "close")
        #expect(stopped.wait(timeout: .now() + 3) == .success)
        #expect(idle.isClosedByServer())
    }

    /// A started server with one worker thread, which the handler holds inside `/slow` until `release` is signalled
    /// (`entered` says it is held); any other path is answered at once with `answered PATH`.
    static func startHeldServer() throws -> (HTTPServer, entered: DispatchSemaphore, release: DispatchSemaphore) {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        var configuration = TestServer.configuration()
        configuration.threadPoolSize = 1
        let server = HTTPServer(configuration: configuration, logger: TestServer.quietLogger) { request in
            if request.path == "/slow" {
                entered.signal()
                _ = release.wait(timeout: .now() + 5)
            }
            return .response(HTTPResponse(status: 200, body: "answered \(request.path)"))
        }
        try server.start()
        return (server, entered, release)
    }

    /// Stops `server` (a 5 s drain) on another thread; the semaphore is signalled once it has stopped.
    static func stopInBackground(_ server: HTTPServer) -> DispatchSemaphore {
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(drainDeadline: .seconds(5))
            stopped.signal()
        }
        return stopped
    }

    /// Whether new connections to `port` are refused within 5 s: the server has stopped listening, so its drain began.
    static func waitUntilRefused(port: Int) -> Bool {
        for _ in 0..<500 {
            if (try? RawConnection(port: port)) == nil { return true }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        return false
    }

    @Test("a connection still sending its request does not hold the drain: it is closed after a second's grace, not at the deadline")
    func connectionSendingItsRequestIsClosedAtDeadline() throws {
        let server = HTTPServer(configuration: TestServer.configuration(), logger: TestServer.quietLogger) { _ in
            .response(HTTPResponse(status: 200, body: "ok"))
        }
        try server.start()
        let connection = try RawConnection(port: server.boundPort)
        // The first request and the start of a second in one write: once the first is answered, the server has
        // read the second's request line too, so that request is under way.
        try connection.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\n")
        #expect(try connection.readResponse().text == "ok")
        var pause = timespec(tv_sec: 0, tv_nsec: 100_000_000)
        nanosleep(&pause, nil)
        let stopTime = ContinuousClock().measure { server.stop(drainDeadline: .seconds(10)) }
        #expect(stopTime >= .seconds(1), "a request on its way has a second to arrive")
        #expect(stopTime < .seconds(5), "a half-sent request held the drain for \(stopTime)")
        #expect(connection.isClosedByServer())
    }

    @Test("once draining begins every answer carries Connection: close, and new connections are still served")
    func beginDrainingClosesAfterEachAnswer() throws {
        try TestServer.with(handler: { _ in .response(HTTPResponse(status: 200, body: "ok")) }) { server in
            let kept = try RawConnection(port: server.boundPort)
            try kept.send("GET /before HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try kept.readResponse().headers["Connection"] == nil, "kept alive before the drain")
            server.beginDraining()
            try kept.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            let last = try kept.readResponse()
            #expect(last.status == 200)
            #expect(last.headers["Connection"] == "close")
            #expect(kept.isClosedByServer())
            let fresh = try RawConnection(port: server.boundPort)
            try fresh.send("GET /new HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = try fresh.readResponse()
            #expect(answer.status == 200)
            #expect(answer.headers["Connection"] == "close")
        }
    }

    @Test("requests on connections still waiting in the listen backlog when the drain starts are answered, not reset")
    func backlogIsServed() throws {
        // Connections made while the worker is held wait in the kernel's backlog, not yet accepted by
        // libmicrohttpd, their requests sent.
        let (server, entered, release) = try Self.startHeldServer()
        let busy = try RawConnection(port: server.boundPort)
        try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 5) == .success)
        let waiting = try (0..<4).map { index in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET /waiting-\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            return connection
        }
        let stopped = Self.stopInBackground(server)
        #expect(Self.waitUntilRefused(port: server.boundPort), "the drain did not start")
        release.signal()
        #expect(try busy.readResponse().text == "answered /slow")
        for (index, connection) in waiting.enumerated() {
            let response = try connection.readResponse()
            #expect(response.text == "answered /waiting-\(index)")
            #expect(response.headers["Connection"] == "close")
        }
        #expect(stopped.wait(timeout: .now() + 5) == .success)
    }
}
