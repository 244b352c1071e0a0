import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Request bodies and the body size limit")
struct RequestBodyTests {
    static func configuration(maximumBodySize: Int) -> HTTPServer.Configuration {
        var configuration = TestServer.configuration()
        configuration.maximumBodySize = maximumBodySize
        return configuration
    }

    static func echo(_ recorder: RequestRecorder) -> @Sendable (HTTPRequest) -> HTTPReply {
        { request in
            recorder.record(request)
            return .response(HTTPResponse(status: 200, body: request.body))
        }
    }

    @Test("a POST body up to the limit reaches the handler whole")
    func postBodyArrives() throws {
        let recorder = RequestRecorder()
        let body = String(repeating: "0123456789", count: 100)
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n\(body)")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == body)
        }
        #expect(recorder.requests.map(\.method) == ["POST"])
    }

    @Test("a chunked body is refused with 411 before it is read, and the connection closes")
    func chunkedBodyIsRefused() throws {
        let recorder = RequestRecorder()
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 411)
            #expect(response.headers["Connection"] == "close")
            #expect(connection.isClosedByServer())
        }
        #expect(recorder.requests.isEmpty)
    }

    @Test(
        "ambiguous body framing is refused with 400 before the body is read",
        arguments: [
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nhello",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 55\r\n\r\nhello",
            "POST / HTTP/1.1\r\nHost: x\r\ncontent-length: 5\r\nCONTENT-LENGTH: 5\r\n\r\nhello",
        ])
    func ambiguousFramingIsRefused(request: String) throws {
        let recorder = RequestRecorder()
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send(request + "GET /hidden HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 400)
            #expect(response.headers["Connection"] == "close")
            #expect(connection.isClosedByServer(), "the hidden request is never read")
        }
        #expect(recorder.requests.isEmpty)
    }

    @Test("a request with a body is the last on its connection, so nothing after its Content-Length is read")
    func bodyEndsTheConnection() throws {
        let recorder = RequestRecorder()
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /hidden HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.text == "hello")
            #expect(response.headers["Connection"] == "close")
            #expect(connection.isClosedByServer())
        }
        #expect(recorder.requests.map(\.target) == ["/echo"])
    }

    @Test("a declared Content-Length over the limit gets 413 without the handler running")
    func declaredOversizeIsRefused() throws {
        let recorder = RequestRecorder()
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.headers["Connection"] == "close")
            #expect(connection.isClosedByServer())
        }
        #expect(recorder.requests.isEmpty)
    }

    @Test("a body somewhat over the limit is read and thrown away, so the client that sends it all reads its 413")
    func drainedOversize() throws {
        let recorder = RequestRecorder()
        try TestServer.with(Self.configuration(maximumBodySize: 1_000_000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            // 6 MB: more than the socket buffers hold, so an early close would reset the connection mid-send.
            let body = String(repeating: "x", count: 6_000_000)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.headers["Connection"] == "close")
            #expect(response.text == "413 Content Too Large\n")
        }
        #expect(recorder.requests.isEmpty)
    }

    @Test(
        "a client waiting for 100 Continue is refused at once, with no 100 before the refusal",
        arguments: [
            ("Content-Length: 5000\r\nExpect: 100-continue", 413),  // over the limit, though small enough to read and drop
            ("Content-Length: 50000000\r\nExpect: 100-continue", 413),  // far over the limit
            ("Content-Length: 5000\r\nExpect: 100-Continue", 413),  // the expectation in any case
            ("Transfer-Encoding: chunked\r\nExpect: 100-continue", 411),
            ("Content-Length: 5\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue", 400),
            ("Content-Length: 5\r\nContent-Length: 6\r\nExpect: 100-continue", 400),
        ])
    func expectContinueRefusedWithoutContinue(headers: String, status: Int) throws {
        let recorder = RequestRecorder()
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\n\(headers)\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == status, "the first answer must be the refusal, not 100 Continue")
            #expect(response.headers["Connection"] == "close")
            #expect(connection.isClosedByServer())
        }
        #expect(recorder.requests.isEmpty)
    }

    @Test("a client waiting for 100 Continue is refused with 503, not 100, when its body would not fit the memory budget")
    func expectContinueOverBudget() throws {
        let recorder = RequestRecorder()
        var configuration = Self.configuration(maximumBodySize: 1000)
        configuration.bufferLimit = 1000
        try TestServer.with(configuration, handler: Self.echo(recorder)) { server in
            // A first request takes the whole budget and keeps it while its body is on its way: its 100 Continue says
            // its head was read and the bytes reserved.
            let holder = try RawConnection(port: server.boundPort)
            try holder.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n")
            #expect(try holder.readResponse().status == 100)
            try holder.send("abc")
            let asking = try RawConnection(port: server.boundPort)
            try asking.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n")
            let status = try asking.readResponse().status
            #expect(status == 503, "the first answer must be the 503, not 100 Continue")
            #expect(!holder.isClosed(within: 0.1), "the first request is still under way")
        }
    }

    @Test("a client waiting for 100 Continue with an acceptable body gets 100, then the answer")
    func expectContinueAccepted() throws {
        let recorder = RequestRecorder()
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            #expect(try connection.readResponse().status == 100)
            try connection.send("hello")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "hello")
        }
        #expect(recorder.requests.map(\.body) == [Array("hello".utf8)])
    }
}
