import MicroHTTP
import Testing

@Suite("Request targets split into path and query")
struct HTTPRequestTests {
    @Test(
        "path and raw query come from the raw target, undecoded",
        arguments: [
            ("/c/a%2Fb?x=%00y+z", "/c/a%2Fb", "x=%00y+z"),
            ("/plain", "/plain", nil),
            ("/empty?", "/empty", ""),
            ("/two?a=1?b=2", "/two", "a=1?b=2"),
            ("*", "*", nil),
        ] as [(String, String, String?)]
    )
    func targetSplits(target: String, path: String, query: String?) {
        let request = HTTPRequest(method: "GET", target: target)
        #expect(request.path == path)
        #expect(request.rawQuery == query)
    }
}
