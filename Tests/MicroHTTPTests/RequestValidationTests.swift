import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Header fields a request may not have")
struct RequestValidationTests {
    /// The status the server answers `head` (request line and header lines, without the blank line) with, and
    /// whether the handler saw the request.
    static func answer(_ head: String) throws -> (status: Int, isHandled: Bool) {
        let recorder = RequestRecorder()
        let status = try TestServer.with(handler: {
            recorder.record($0)
            return .response(HTTPResponse(status: 200, body: "ok"))
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send(head + "\r\n\r\n")
            return try connection.readResponse().status
        }
        return (status, !recorder.requests.isEmpty)
    }

    @Test(
        "refused with 400 before the handler runs (RFC 9110 5, RFC 9112 3.2)",
        arguments: [
            "GET / HTTP/1.1",
            "GET / HTTP/1.2",
            "GET / HTTP/1.9",
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b",
            "GET / HTTP/1.1\r\nHost: a\r\nhost: a",
            "GET / HTTP/1.1\r\nHost: user@links.example.com",
            "GET / HTTP/1.1\r\nHost: links example com",
            "GET / HTTP/1.1\r\nHost: links.example.com/path",
            "GET / HTTP/1.1\r\nHost: b\u{FC}cher.example",
            "GET / HTTP/1.1\r\nHost: x\r\nX Bad: v",
            "GET / HTTP/1.1\r\nHost: x\r\nX-Bad : v",
            "GET / HTTP/1.1\r\nHost: x\r\nX-\u{1}C: v",
            "GET / HTTP/1.1\r\nHost: x\r\nX-C: a\u{1}b",
            "GET / HTTP/1.1\r\nHost: x\r\nX-C: a\u{1B}[31mb",
            "GET / HTTP/1.1\r\nHost: x\r\nX-C: a\u{7F}b",
            "GET / HTTP/1.1\r\nHost: x\u{8}",
        ])
    func refused(head: String) throws {
        let (status, isHandled) = try Self.answer(head)
        #expect(status == 400)
        #expect(!isHandled)
    }

    @Test(
        "accepted: HTTP/1.0 without Host, tabs and bytes above 0x7F in values, hosts with ports and IP literals",
        arguments: [
            "GET / HTTP/1.0",
            "GET / HTTP/1.1\r\nHost: x\r\nX-C: a\tb",
            "GET / HTTP/1.1\r\nHost: x\r\nX-C: caf\u{E9}",
            "GET / HTTP/1.1\r\nHost: [::1]:8080",
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:80",
            "GET / HTTP/1.1\r\nHost: ",
            "GET / HTTP/1.1\r\nHost: links.example.com:99999",
            "GET / HTTP/1.1\r\nHost: links%2eexample.com",
            "GET / HTTP/1.1\r\nHost: x\r\n!#$%&'*+-.^_`|~09azAZ: v",
        ])
    func accepted(head: String) throws {
        let (status, isHandled) = try Self.answer(head)
        #expect(status == 200)
        #expect(isHandled)
    }
}
