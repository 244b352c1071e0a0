import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("A request head is read whole: no value cut at a NUL byte, no line without a name taken for its end")
struct HeadLayoutTests {
    /// What the server sends back for `wire` on one connection, read until it closes, and the targets the handler saw.
    static func exchange(_ wire: String) throws -> (responses: [RawResponse], targets: [String]) {
        let recorder = RequestRecorder()
        let responses = try TestServer.with(handler: {
            recorder.record($0)
            return .response(HTTPResponse(status: 200, body: "served \($0.target)"))
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send(wire)
            var responses: [RawResponse] = []
            while let response = try? connection.readResponse() { responses.append(response) }
            return responses
        }
        return (responses, recorder.requests.map(\.target))
    }

    static let start = "POST /form HTTP/1.1\r\nHost: x\r\n"
    /// A request that must never be served: what an attacker hides after the faulty line.
    static let hidden = "GET /hidden HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    @Test(
        "a NUL byte anywhere in a value, of any field, with CRLF or LF line ends, gets MicroHTTP's 400 and a close",
        arguments: [
            "X-A: v\u{0}alue\r\n", "X-A: \u{0}value\r\n", "X-A: value\u{0}\r\n", "X-A: \u{0}\r\n", "X-A: v\u{0}Content-Length: 9\r\n",
            "X-A: v\u{0}alue\n", "X-A: \u{0}value\n", "X-A: a\u{0}b\r\nX-B: c\r\n", "X-A: a\r\nX-B: c\u{0}\r\n", "X-A:\u{0}\r\n",
        ])
    func nulInValue(lines: String) throws {
        let (responses, targets) = try Self.exchange(Self.start + lines + "Content-Length: 2\r\n\r\n{}" + Self.hidden)
        try Self.expectRefusal(responses, targets)
    }

    @Test(
        "a NUL byte right before a bare LF leaves what a CR does, so it is not seen (nginx and haproxy refuse it)",
        arguments: ["X-A: value\u{0}\n", "X-A: \u{0}\n"])
    func nulBeforeBareLineFeed(lines: String) throws {
        let (responses, targets) = try Self.exchange(Self.start + lines + "Content-Length: 2\r\n\r\n{}" + Self.hidden)
        withKnownIssue("libmicrohttpd 0.9.75 writes a NUL over the CR of a CRLF before MicroHTTP reads the head") {
            try Self.expectRefusal(responses, targets)
        }
    }

    @Test(
        "a field line without a name ends nothing: it gets 400 and a close, and the request after it is never served",
        arguments: [": x\r\n", ":\r\n", "\u{0}X-Bad: v\r\n", ":a:b: c\r\n", ": x\n", "\u{0}\r\n", "\u{0}Transfer-Encoding: chunked\r\n", ":\u{0}x\r\n"])
    func lineWithoutName(line: String) throws {
        for after in [Self.hidden, "Content-Length: 2\r\n\r\n{}" + Self.hidden] {
            let (responses, targets) = try Self.exchange(Self.start + line + after)
            try Self.expectRefusal(responses, targets)
        }
    }

    @Test("such a line first in the head, before any field, gets 400 too", arguments: [": x\r\n", "\u{0}X: v\r\n", ":\r\n"])
    func lineWithoutNameFirst(line: String) throws {
        let (responses, targets) = try Self.exchange("GET /a HTTP/1.1\r\n" + line + "Host: x\r\n\r\n" + Self.hidden)
        try Self.expectRefusal(responses, targets)
    }

    static func expectRefusal(_ responses: [RawResponse], _ targets: [String]) throws {
        let refusal = try #require(responses.first)
        #expect(responses.count == 1)
        #expect(refusal.status == 400)
        #expect(refusal.text == "400 Bad Request\n")
        #expect(refusal.headers["Connection"] == "close")
        #expect(refusal.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(targets.isEmpty)
    }

    @Test(
        "well-formed heads are served whatever their line ends, empty values and whitespace",
        arguments: [
            "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", "GET /a HTTP/1.1\nHost: x\n\n", "GET /a HTTP/1.1\r\nHost: x\n\r\n",
            "GET /a HTTP/1.1\nHost: x\r\n\n", "GET /a HTTP/1.0\r\n\r\n", "GET /a HTTP/1.0\n\n", "GET /a?q=1&r HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a HTTP/1.1\r\nHost: x\r\nX-E:\r\nX-S: \r\nX-T:\t v \t\r\nX-U: caf\u{E9}: a:b\r\n\r\n",
            "GET /a HTTP/1.1\r\nHost: x\r\nCookie: a=1; b=2\r\nCookie: c\r\n\r\n",
            "\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a HTTP/1.1\r\nHost: x\r\n" + (0..<60).map { "X-\($0): \(String(repeating: "v", count: $0))\r\n" }.joined() + "\r\n",
        ])
    func accepted(head: String) throws {
        let (responses, targets) = try Self.exchange(Self.closing(head))
        #expect(responses.map(\.status) == [200])
        #expect(targets == ["/a"] || targets == ["/a?q=1&r"])
    }

    /// `head` with `Connection: close` after its request line, so that the server closes after answering.
    static func closing(_ head: String) -> String {
        var bytes = Array(head.utf8)
        // After the first LF that follows the version (bytes: Swift takes CRLF for one character).
        guard let version = bytes.firstRange(of: Array(" HTTP/1.".utf8)), let lineEnd = bytes[version.upperBound...].firstIndex(of: 0x0A)
        else { return head }
        bytes.insert(contentsOf: "Connection: close\r\n".utf8, at: lineEnd + 1)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("pipelined requests on one connection are each served, in order")
    func pipelined() throws {
        let first = "GET /a HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n\r\n"
        let second = "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
        let (responses, targets) = try Self.exchange(first + first + second)
        #expect(responses.map(\.status) == [200, 200, 200])
        #expect(targets == ["/a", "/a", "/b"])
    }
}
