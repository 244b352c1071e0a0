import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Header fields a request may not have")
struct RequestValidationTests {
    /// The status the server answers `head` (request line and header lines, without the blank line) with, and
    /// whether the handler saw the request.
    static func answer(_ head: String) throws -> (status: Int, isHandled: Bool) {
        let (status, requests) = try exchange(head)
        return (status, !requests.isEmpty)
    }

    /// The status the server answers `head` with, and the requests the handler saw.
    static func exchange(_ head: String) throws -> (status: Int, requests: [HTTPRequest]) {
        let recorder = RequestRecorder()
        let status = try TestServer.with(handler: {
            recorder.record($0)
            return .response(HTTPResponse(status: 200, body: "ok"))
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send(head + "\r\n\r\n")
            return try connection.readResponse().status
        }
        return (status, recorder.requests)
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
            "GET / HTTP/1.1\r\nHost: links.example.com,evil.com",
            "GET / HTTP/1.1\r\nHost: a:b:c",
            "GET / HTTP/1.1\r\nHost: :80",
            "GET / HTTP/1.1\r\nHost: host:abc",
            "GET / HTTP/1.1\r\nHost: other.example.com:abc",
            "GET / HTTP/1.1\r\nHost: [::1",
            "GET / HTTP/1.1\r\nHost: [::1]x",
            "GET / HTTP/1.1\r\nHost: []",
            "GET / HTTP/1.1\r\nHost: [v1.x]",
            "GET / HTTP/1.1\r\nHost: ::1",
            "GET / HTTP/1.1\r\nHost: h%zz",
            "GET / HTTP/1.1\r\nHost: links%2eexample.com",
            "GET / HTTP/1.1\r\nHost: *",
            "GET / HTTP/1.1\r\nHost: links.example.com:99999",
            "GET / HTTP/1.1\r\nHost: links.example.com:000080",
            "GET / HTTP/1.1\r\nHost: links..example.com",
            "GET / HTTP/1.1\r\nHost: .links.example.com",
            "GET / HTTP/1.1\r\nHost: links.example.com..",
            "GET / HTTP/1.1\r\nHost: links.example.com;x",
            "GET / HTTP/1.1\r\nHost: links.example.com:80:80",
        ])
    func refused(head: String) throws {
        let (status, isHandled) = try Self.answer(head)
        #expect(status == 400)
        #expect(!isHandled)
    }

    @Test(
        "accepted: HTTP/1.0 without Host, an empty Host, tabs and bytes above 0x7F in values, hosts with ports and IP literals",
        arguments: [
            "GET / HTTP/1.0",
            "GET / HTTP/1.1\r\nHost: x\r\nX-C: a\tb",
            "GET / HTTP/1.1\r\nHost: x\r\nX-C: caf\u{E9}",
            "GET / HTTP/1.1\r\nHost: [::1]:8080",
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:80",
            "GET / HTTP/1.1\r\nHost: ",
            "GET / HTTP/1.1\r\nHost: links.example.com:65535",
            "GET / HTTP/1.1\r\nHost: links.example.com:",
            "GET / HTTP/1.1\r\nHost: LINKS.Example.COM.",
            "GET / HTTP/1.1\r\nHost: xn--bcher-kva.example",
            "GET / HTTP/1.1\r\nHost: a_b-c.example:443",
            "GET / HTTP/1.1\r\nHost: [::ffff:127.0.0.1]",
            "GET / HTTP/1.1\r\nHost: x\r\n!#$%&'*+-.^_`|~09azAZ: v",
        ])
    func accepted(head: String) throws {
        let (status, isHandled) = try Self.answer(head)
        #expect(status == 200)
        #expect(isHandled)
    }

    @Test(
        "a request line whose method is not a token, or whose target holds a NUL, a space or a control character, gets 400",
        arguments: [
            "G\"ET / HTTP/1.1\r\nHost: x", "GE(T / HTTP/1.1\r\nHost: x", "GET /c/1\u{0}/m/secret-token HTTP/1.1\r\nHost: x",
            "GET /c/1?\u{0}x HTTP/1.1\r\nHost: x", "GET /c/1\u{0}HTTP/1.1 HTTP/1.1\r\nHost: x", "GET /c/1\tx HTTP/1.1\r\nHost: x",
            "GET /c/1 x HTTP/1.1\r\nHost: x", "GET /c/\u{1}1 HTTP/1.1\r\nHost: x", "GET /c/\u{7F}1 HTTP/1.1\r\nHost: x",
            "GET http://user@x/c/1 HTTP/1.1\r\nHost: x", "GET * HTTP/1.1\r\nHost: x", "POST * HTTP/1.1\r\nHost: x", "GET http://x:abc/c/1 HTTP/1.1\r\nHost: x",
            "GET http:/c/1 HTTP/1.1\r\nHost: x",
        ])
    func refusedRequestLines(head: String) throws {
        let (status, isHandled) = try Self.answer(head)
        #expect(status == 400)
        #expect(!isHandled)
    }

    @Test(
        "an absolute-form target is served as its path and query, with the host it names in place of Host (RFC 9112 3.2.2)",
        arguments: [
            (
                "GET http://links.example.com/.well-known/apple-app-site-association HTTP/1.1\r\nHost: other.example",
                "/.well-known/apple-app-site-association", "links.example.com"
            ),
            ("GET HTTPS://Links.Example.COM:443/c/1?x=1 HTTP/1.1\r\nHost: links.example.com", "/c/1?x=1", "Links.Example.COM:443"),
            ("GET http://links.example.com HTTP/1.1\r\nHost: links.example.com", "/", "links.example.com"),
            ("GET http://links.example.com?q HTTP/1.0", "/?q", "links.example.com"),
        ])
    func absoluteForm(head: String, target: String, host: String) throws {
        let (status, requests) = try Self.exchange(head)
        #expect(status == 200)
        let request = try #require(requests.first)
        #expect(request.target == target)
        #expect(request.headers.values(for: "Host") == [host])
        #expect(request.hostName == host.lowercased().split(separator: ":").first.map(String.init))
    }
}
