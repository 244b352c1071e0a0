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

    @Test("a chunked POST body is reassembled for the handler")
    func chunkedBodyArrives() throws {
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(RequestRecorder())) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
            #expect(try connection.readResponse().text == "hello world")
        }
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

    @Test("a chunked body that grows over the limit gets 413 without the handler running")
    func streamedOversizeIsRefused() throws {
        let recorder = RequestRecorder()
        let chunk = String(repeating: "x", count: 600)
        try TestServer.with(Self.configuration(maximumBodySize: 1000), handler: Self.echo(recorder)) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            try connection.send("258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
            #expect(try connection.readResponse().status == 413)
        }
        #expect(recorder.requests.isEmpty)
    }
}
