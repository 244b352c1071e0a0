import Testing

@testable import MicroHTTP

@Suite("A request context kept for its connection's next request")
struct RequestContextTests {
    static func context(target: String, headerValue: String) -> RequestContext {
        let context = RequestContext(target: target, remoteAddress: "127.0.0.1")
        context.headers.add(name: "Cookie", value: headerValue)
        context.body = Array("a body".utf8)
        context.hasSeenHeaders = true
        context.hasBody = true
        context.isDiscardingBody = true
        context.reservedBytes = 6
        return context
    }

    @Test("finishing drops the target, the headers and the body at once; small header memory stays")
    func finishDropsWhatTheRequestHeld() {
        let context = Self.context(target: "/m/secret-token", headerValue: "session=abc")
        context.finish()
        #expect(context.target.isEmpty)
        #expect(context.headers.isEmpty)
        #expect(context.headers.hasRoom)
        #expect(context.body.isEmpty && context.body.capacity == 0)
    }

    @Test("header memory over the kept size is given back")
    func largeHeaderMemoryIsNotKept() {
        let context = Self.context(target: "/c/1", headerValue: String(repeating: "v", count: RequestContext.keptHeaderBytes))
        context.finish()
        #expect(context.headers.isEmpty)
        #expect(!context.headers.hasRoom)
    }

    @Test("reuse starts a new request with every flag as a new context has it, and the connection's address")
    func reuseStartsAfresh() {
        let context = Self.context(target: "/first", headerValue: "x")
        context.finish()
        context.reuse(target: "/second")
        #expect(context.target == "/second")
        #expect(context.remoteAddress == "127.0.0.1")
        #expect(!context.hasSeenHeaders && !context.hasBody && !context.isDiscardingBody)
        #expect(context.reservedBytes == 0)
        #expect(context.headers.isEmpty && context.body.isEmpty)
    }
}
