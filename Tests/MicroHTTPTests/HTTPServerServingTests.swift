import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Serving requests on a live server")
struct HTTPServerServingTests {
    static let greeting = HTTPResponse(
        status: 201,
        headers: ["Content-Type": "text/plain", "X-Trace": "one", "x-trace": "two"],
        body: "hello, world\n"
    )

    @Test("a GET is answered with the handler's status, headers and body")
    func getIsAnswered() throws {
        try TestServer.with(handler: { _ in .response(Self.greeting) }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 201)
            #expect(response.headers["content-type"] == "text/plain")
            #expect(response.headers.values(for: "X-Trace") == ["one", "two"])
            #expect(response.headers["Content-Length"] == "13")
            #expect(response.text == "hello, world\n")
        }
    }

    @Test("the raw request target reaches the handler exactly as sent, not decoded")
    func rawTargetIsKept() throws {
        let recorder = RequestRecorder()
        try TestServer.with(handler: {
            recorder.record($0); return .response(HTTPResponse(status: 204))
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET /c/a%2Fb?x=%00y+z HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try connection.readResponse().status == 204)
        }
        let request = try #require(recorder.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/c/a%2Fb?x=%00y+z")
        #expect(request.path == "/c/a%2Fb")
        #expect(request.rawQuery == "x=%00y+z")
        #expect(request.remoteAddress == "127.0.0.1")
        #expect(request.isTLS == false)
    }

    @Test("request headers arrive in order, with repeats, looked up in any case")
    func requestHeadersAreKept() throws {
        let recorder = RequestRecorder()
        try TestServer.with(handler: {
            recorder.record($0); return .response(HTTPResponse(status: 200))
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Many: 1\r\nx-many: 2\r\nX-Empty:\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
        }
        let request = try #require(recorder.requests.first)
        #expect(request.headers.values(for: "X-MANY") == ["1", "2"])
        #expect(request.header("host") == "localhost")
        // A NUL byte in a value is refused (HeadLayoutTests); an empty value is kept as one.
        #expect(request.header("X-Empty") == "")
    }

    @Test("HEAD gets the GET headers, Content-Length included, and no body")
    func headHasNoBody() throws {
        try TestServer.with(handler: { _ in .response(Self.greeting) }) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("HEAD /hello HTTP/1.1\r\nHost: localhost\r\n\r\nGET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let head = try connection.readResponse(isHead: true)
            #expect(head.status == 201)
            #expect(head.headers["Content-Length"] == "13")
            // Had HEAD carried a body, these bytes would precede the GET's status line.
            let get = try connection.readResponse()
            #expect(get.status == 201)
            #expect(get.text == "hello, world\n")
        }
    }

    @Test("keep-alive serves two requests on one connection without Connection: close")
    func keepAliveReusesConnection() throws {
        let recorder = RequestRecorder()
        try TestServer.with(handler: {
            recorder.record($0); return .response(Self.greeting)
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            for path in ["/first", "/second"] {
                try connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let response = try connection.readResponse()
                #expect(response.status == 201)
                #expect(response.headers["Connection"] == nil)
            }
        }
        #expect(recorder.requests.map(\.target) == ["/first", "/second"])
    }

    @Test("a request on a kept-alive connection sees only its own target, headers and body, none of the one before")
    func keepAliveRequestsShareNothing() throws {
        let recorder = RequestRecorder()
        try TestServer.with(handler: {
            recorder.record($0); return .response(Self.greeting)
        }) { server in
            let connection = try RawConnection(port: server.boundPort)
            let longValue = String(repeating: "v", count: 300)
            let requests = [
                "GET /a-long-first-target-\(longValue) HTTP/1.1\r\nHost: one.example\r\nX-First: \(longValue)\r\nX-Last: a b\r\n\r\n",
                "GET /b HTTP/1.1\r\nHost: two.example\r\n\r\n",
                "GET http://three.example/c?q=1 HTTP/1.1\r\nHost: ignored.example\r\nX-Third: 3\r\n\r\n",
                "GET /d HTTP/1.1\r\nHost: four.example\r\n\r\n",
            ]
            for request in requests {
                try connection.send(request)
                #expect(try connection.readResponse().status == 201)
            }
        }
        let seen = recorder.requests
        #expect(seen.map(\.target) == ["/a-long-first-target-" + String(repeating: "v", count: 300), "/b", "/c?q=1", "/d"])
        #expect(seen.map { $0.headers.fields.map(\.name) } == [["Host", "X-First", "X-Last"], ["Host"], ["X-Third", "Host"], ["Host"]])
        #expect(seen.map { $0.header("Host") } == ["one.example", "two.example", "three.example", "four.example"])
        #expect(seen.map(\.body.isEmpty) == [true, true, true, true])
    }

    @Test("an IPv6 literal host is served")
    func ipv6IsServed() throws {
        try TestServer.with(
            TestServer.configuration(host: "::1"),
            handler: { request in
                .response(HTTPResponse(status: 200, body: request.remoteAddress))
            }
        ) { server in
            let connection = try RawConnection(host: "::1", port: server.boundPort)
            try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try connection.readResponse().text == "::1")
        }
    }
}
