import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Paths in the access log")
struct LoggedPathTests {
    static let token = "Qv7_kT2mZx9-LpR4wNc8YhJ3bFd6sGa1eUo5iWt0rXy"

    @Test(
        "a path no route vouches for shows at most a known first component, then lengths",
        arguments: [
            ("/m/\(token)", "/m/[redacted 43 bytes]"),
            ("/m/\(token)/", "/m/[redacted 44 bytes]"),
            ("/m/\(token)/extra", "/m/[redacted 49 bytes]"),
            ("/m//\(token)", "/m/[redacted 44 bytes]"),
            ("/m/../\(token)", "/m/[redacted 46 bytes]"),
            ("/M/\(token)", "/[redacted 45 bytes]"),
            ("/m%2F\(token)", "/[redacted 47 bytes]"),
            ("/m%2f\(token)", "/[redacted 47 bytes]"),
            ("/m;\(token)", "/[redacted 45 bytes]"),
            ("/m\\\(token)", "/[redacted 45 bytes]"),
            ("/m%5C\(token)", "/[redacted 47 bytes]"),
            ("/\(token)", "/[redacted 43 bytes]"),
            ("/\(token)/", "/[redacted 44 bytes]"),
            ("//\(token)", "/[redacted 44 bytes]"),
            ("/./m/\(token)", "/[redacted 47 bytes]"),
            ("/#\(token)", "/[redacted 44 bytes]"),
            ("/static/\(token)", "/static/[redacted 43 bytes]"),
            ("/.well-known/\(token)", "/.well-known/[redacted 43 bytes]"),
            ("/resolve/\(token)", "/resolve/[redacted 43 bytes]"),
            ("/c/\(token)/x", "/c/[redacted 45 bytes]"),
            ("http://links.example.com/m/\(token)", "[redacted 70 bytes]"),
            ("*", "[redacted 1 bytes]"),
            ("/m", "/m"), ("/m/", "/m/"), ("/", "/"), ("/healthz", "/healthz"), ("/nothing", "/[redacted 7 bytes]"),
        ])
    func redaction(path: String, logged: String) {
        #expect(SiteFixture.site.loggedPaths.redacted(Substring(path)) == logged)
    }

    @Test(
        "a method is logged as it is only when it is a standard one",
        arguments: [("GET", "GET"), ("HEAD", "HEAD"), ("PATCH", "PATCH"), ("get", "[redacted 3 bytes]"), (token, "[redacted 43 bytes]")])
    func method(method: String, logged: String) {
        #expect(LoggedPath.method(method) == logged)
    }

    @Test("each fixed endpoint path is the one Endpoint.of gives that endpoint")
    func fixedPaths() {
        for endpoint in Endpoint.allCases {
            for path in endpoint.fixedPaths {
                #expect(Endpoint.of(path: Substring(path + (endpoint == .asset ? "x.css" : ""))) == endpoint, "\(path)")
            }
        }
    }

    @Test(
        "every answer to a path that may carry a secret logs it redacted, whatever the method or the status",
        arguments: [
            ("GET", "/m/\(token)", 200, "/m/[redacted 43 bytes]"),
            ("HEAD", "/m/\(token)", 200, "/m/[redacted 43 bytes]"),
            ("GET", "/m;\(token)", 404, "/[redacted 45 bytes]"),
            ("POST", "/m/\(token)", 405, "/m/[redacted 43 bytes]"),
            ("OPTIONS", "/\(token)", 405, "/[redacted 43 bytes]"),
            ("PUT", "/static/\(token)", 405, "/static/[redacted 43 bytes]"),
            ("DELETE", "/static/deeplinkd.css", 405, "/static/[redacted 13 bytes]"),
            ("GET", "/static/\(token)", 404, "/static/[redacted 43 bytes]"),
            ("GET", "/m/\(token)?next=\(token)", 200, "/m/[redacted 43 bytes]"),
            ("GET", "/c/CH-42", 200, "/c/CH-42"),
            ("GET", "/static/deeplinkd.css", 200, "/static/deeplinkd.css"),
            ("POST", "/healthz", 405, "/healthz"),
            ("GET", "/resolve?url=https://links.example.com/m/\(token)", 200, "/resolve"),
        ])
    func answers(method: String, target: String, status: Int, logged: String) {
        let (response, answer) = SiteFixture.send(target, method: method)
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(), body: [], remoteAddress: "127.0.0.1", isTLS: false)
        #expect(response.status == status)
        #expect(answer.loggedPath(for: request) == logged)
    }
}
