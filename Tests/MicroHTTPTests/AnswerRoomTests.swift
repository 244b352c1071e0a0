import HTTPTestSupport
import Testing

@testable import MicroHTTP

@Suite("A head near the memory limit gets an answer, not a silent close")
struct AnswerRoomTests {
    /// Fields like a landing page's: about 600 bytes of header, more than the smallest 431 needs.
    static let pageFields: HTTPHeaders = [
        "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300",
        "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; " + String(repeating: "x", count: 300),
        "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
    ]

    /// The raw bytes answered to `wire` on a new connection, read until the server closes.
    static func raw(_ wire: String, port: Int) throws -> [UInt8] {
        let connection = try RawConnection(port: port)
        try? connection.send(wire)
        return connection.readUntilClosed()
    }

    /// A request with one field `X-Big` of `size` bytes.
    /// A request with one field `X-Big` of `size` bytes, and `Connection: connection` unless that is nil.
    static func head(_ size: Int, version: String = "HTTP/1.1", connection: String? = "close") -> String {
        let connectionField = connection.map { "Connection: \($0)\r\n" } ?? ""
        return "GET /page \(version)\r\nHost: links.example.com\r\n\(connectionField)X-Big: \(String(repeating: "a", count: size))\r\n\r\n"
    }

    @Test(
        "the answer's header is as large as AnswerRoom reckons, byte for byte, for bodies of every number of digits",
        arguments: [
            ("HTTP/1.1", "close"), ("HTTP/1.1", "keep-alive"), ("HTTP/1.1", nil), ("HTTP/1.0", "keep-alive"), ("HTTP/1.0", "close"),
            ("HTTP/1.0", nil),
        ] as [(String, String?)])
    func headerSize(version: String, connection: String?) throws {
        let answers = [(200, Self.pageFields), (404, HTTPHeaders()), (299, ["X-A": "b"] as HTTPHeaders)]
        for ((status, fields), bodySize) in zip(answers + answers, [0, 9, 10, 99, 100, 12_345]) {
            let body = String(repeating: "b", count: bodySize)
            try TestServer.with(handler: { _ in .response(HTTPResponse(status: status, headers: fields, body: body)) }) { server in
                // A second request that closes, so that the server ends the connection after the answer looked at.
                let closing = "GET /last HTTP/1.1\r\nHost: links.example.com\r\nConnection: close\r\n\r\n"
                let answer = try Self.raw(Self.head(10, version: version, connection: connection) + closing, port: server.boundPort)
                let headEnd = try #require(answer.firstRange(of: Array("\r\n\r\n".utf8))).upperBound
                let isHTTP11 = version == "HTTP/1.1"
                let requestFields: HTTPHeaders = connection.map { ["Connection": $0] } ?? HTTPHeaders()
                let added = Exchange.connectionAdded(to: requestFields, isHTTP11: isHTTP11)
                let reckoned = AnswerRoom.headerSize(status: status, fields: fields, bodySize: bodySize, addedConnection: added)
                #expect(
                    reckoned == headEnd,
                    "\(status) \(version) \(connection ?? "no Connection"), \(bodySize) bytes: \(String(decoding: answer[..<headEnd], as: UTF8.self))")
            }
        }
    }

    @Test("past the largest head served, MicroHTTP answers 431 until less room is left than its smallest 431 needs (128 bytes)")
    func nearTheLimit() throws {
        try TestServer.with(handler: { _ in .response(HTTPResponse(status: 200, headers: Self.pageFields, body: "page")) }) { server in
            func outcome(_ size: Int) throws -> String {
                let answer = try Self.raw(Self.head(size), port: server.boundPort)
                guard let statusLine = answer.split(separator: UInt8(ascii: "\r")).first else { return "closed" }
                let status = String(decoding: statusLine, as: UTF8.self)
                let ownBody = Array("431 Request Header Fields Too Large\n".utf8)
                if status.contains(" 431 ") { return answer.suffix(ownBody.count).elementsEqual(ownBody) ? "431" : "library 431" }
                return status.contains(" 200 ") ? "200" : status
            }
            var low = 1
            var high = 20_000
            while low < high {
                let middle = (low + high + 1) / 2
                if try outcome(middle) == "200" { low = middle } else { high = middle - 1 }
            }
            var seen: [String: [Int]] = [:]
            var size = low
            while seen["library 431"] == nil, size < low + 2000 {
                size += 1
                seen[try outcome(size), default: []].append(size)
            }
            let refused = try #require(seen["431"])
            let closed = seen["closed"] ?? []
            #expect(Set(seen.keys) == ["431", "closed", "library 431"])
            #expect(refused.first == low + 1 && refused.count > 400)
            #expect(closed.count <= 128 && closed.first == (refused.last ?? 0) + 1)
        }
    }

    @Test("MicroHTTP's 431 keeps its body and Connection: close with less room, dropping its other fields")
    func smallestRefusal() throws {
        try TestServer.with(handler: { _ in .response(HTTPResponse(status: 200, headers: Self.pageFields, body: "page")) }) { server in
            var size = 15_000
            var last: RawResponse?
            while size < 17_000 {
                size += 16
                let connection = try RawConnection(port: server.boundPort)
                try? connection.send(Self.head(size))
                guard let response = try? connection.readResponse(), response.status == 431, response.text.hasPrefix("431 ") else { continue }
                #expect(response.text == "431 Request Header Fields Too Large\n")
                #expect(response.headers["Connection"] == "close")
                last = response
            }
            let smallest = try #require(last)
            #expect(smallest.headers["X-Content-Type-Options"] == nil)
        }
    }
}
