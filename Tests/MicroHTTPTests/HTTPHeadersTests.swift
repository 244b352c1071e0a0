import MicroHTTP
import Testing

@Suite("Header lists")
struct HTTPHeadersTests {
    @Test("lookup ignores ASCII case and returns the first value")
    func lookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1", "x-a": "2"]
        #expect(headers["content-TYPE"] == "text/plain")
        #expect(headers["X-A"] == "1")
        #expect(headers["X-Missing"] == nil)
    }

    @Test("every value of a repeated name is kept in order")
    func repeatedNamesAreKept() {
        var headers = HTTPHeaders()
        headers.add(name: "Vary", value: "Accept")
        headers.add(name: "Link", value: "<a>")
        headers.add(name: "vary", value: "Origin")
        #expect(headers.values(for: "VARY") == ["Accept", "Origin"])
        #expect(headers.map(\.name) == ["Vary", "Link", "vary"])
        #expect(headers.count == 3)
    }

    @Test("names that differ beyond ASCII case do not match", arguments: ["X-Ä", "X-A ", "X-", "X-B", "Y-A", "X_A", "x-a\u{0}"])
    func nonMatchingNames(name: String) {
        let headers: HTTPHeaders = ["X-A": "1"]
        #expect(headers[name] == nil)
        #expect(!headers.contains(name))
    }

    @Test("a field is found after fields of every other length, and an empty list has none")
    func containsAfterOtherFields() {
        let headers: HTTPHeaders = ["A": "1", "Hos": "2", "Hosts": "3", "hOST": "4", "Connection": ""]
        #expect(headers.contains("Host"))
        #expect(headers["HOST"] == "4")
        #expect(headers.contains("connection"))
        #expect(headers["Connection"] == "")
        #expect(!headers.contains("Ho"))
        #expect(!HTTPHeaders().contains("Host"))
    }

    @Test("empty names and values, and non-ASCII bytes, come back as they were added")
    func edgeValuesRoundTrip() {
        var headers = HTTPHeaders()
        headers.add(name: "", value: "")
        headers.add(name: "X-Ü", value: "é ü")
        headers.add(name: "X-Empty", value: "")
        #expect(headers.fields == [.init(name: "", value: ""), .init(name: "X-Ü", value: "é ü"), .init(name: "X-Empty", value: "")])
        #expect(headers["x-empty"] == "")
        #expect(headers == HTTPHeaders(headers.fields))
        #expect(headers != HTTPHeaders(Array(headers.fields.dropLast())))
    }
}
