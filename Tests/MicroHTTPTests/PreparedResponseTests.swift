import Dispatch
import HTTPTestSupport
import MicroHTTP
import Synchronization
import Testing

@Suite("A prepared response shared by many requests")
struct PreparedResponseTests {
    static let body = String(repeating: "{\"applinks\":{}}", count: 70)

    @Test("many requests, on one connection and from several threads at once, get identical bytes")
    func sharedResponseIsIdentical() throws {
        let prepared = try PreparedResponse(
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.body)
        )
        try TestServer.with(handler: { _ in .prepared(prepared) }) { server in
            let port = server.boundPort
            let outcomes = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                let outcome: String
                do {
                    let connection = try RawConnection(port: port)
                    var bodies = Set<String>()
                    for _ in 0..<25 {
                        try connection.send("GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n\r\n")
                        let response = try connection.readResponse()
                        bodies.insert("\(response.status) \(response.headers["Content-Type"] ?? "-") \(response.text)")
                    }
                    outcome = bodies.count == 1 ? bodies.first ?? "" : "differing responses: \(bodies.count)"
                } catch {
                    outcome = "failed: \(error)"
                }
                outcomes.withLock { $0.append(outcome) }
            }
            let expected = "200 application/json \(Self.body)"
            #expect(outcomes.withLock { $0 } == Array(repeating: expected, count: 6))
        }
    }

    @Test("a prepared response outlives its own object while a request still uses it")
    func responseOutlivesObject() throws {
        try TestServer.with(handler: { _ in
            let temporary = try? PreparedResponse(HTTPResponse(status: 200, body: Self.body))
            return temporary.map(HTTPReply.prepared) ?? .response(HTTPResponse(status: 500))
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().text == Self.body)
        }
    }

    @Test("a header libmicrohttpd refuses is reported when preparing, naming the header")
    func invalidHeaderIsRejected() {
        #expect(throws: HTTPResponseError.invalidHeader(name: "X-Bad", value: "a\r\nb")) {
            try PreparedResponse(HTTPResponse(status: 200, headers: ["X-Good": "1", "X-Bad": "a\r\nb", "X-Later": "2"]))
        }
        // A NUL byte would cut the value short where libmicrohttpd reads it as a C string.
        #expect(throws: HTTPResponseError.invalidHeader(name: "X-Nul", value: "a\0b")) {
            try PreparedResponse(HTTPResponse(status: 200, headers: ["X-Good": "1", "X-Nul": "a\0b"]))
        }
        #expect(
            HTTPResponseError.invalidHeader(name: "X-Bad", value: "a").description
                == "invalid response header 'X-Bad: a': libmicrohttpd refused it"
        )
    }

    @Test("a status outside 100...999 is reported when preparing")
    func invalidStatusIsRejected() {
        #expect(throws: HTTPResponseError.invalidStatus(42)) {
            try PreparedResponse(HTTPResponse(status: 42))
        }
    }
}
