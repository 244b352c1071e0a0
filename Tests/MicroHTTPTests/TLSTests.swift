import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Serving HTTPS")
struct TLSTests {
    /// Makes a throw-away self-signed P-256 certificate for localhost, valid one day.
    static func selfSignedCredentials() throws -> HTTPServer.TLSCredentials {
        let certificate = try TestCertificate(.ecdsa)
        defer { certificate.remove() }
        return try certificate.credentials()
    }

    @Test("a request over HTTPS is answered and reported as TLS")
    func httpsIsServed() throws {
        var configuration = TestServer.configuration()
        configuration.tls = try Self.selfSignedCredentials()
        try TestServer.with(
            configuration,
            handler: { request in
                .response(HTTPResponse(status: 203, body: "secure=\(request.isTLS) \(request.target)"))
            }
        ) { server in
            let output = try ExternalTool.run(
                "curl",
                [
                    "-sk", "--max-time", "10", "-o", "-", "-w", "\n%{http_code}",
                    "https://127.0.0.1:\(server.boundPort)/tls?x=%41",
                ])
            #expect(output == "secure=true /tls?x=%41\n203")
        }
    }

    /// Answers `/prepared` with a shared prepared response, `/own` with a response carrying its own HSTS header, and
    /// anything else with a response built for the request; bodies over 10 bytes get MicroHTTP's own 413.
    static func hstsServer(_ hsts: HTTPServer.StrictTransportSecurity?, _ body: (Int) throws -> Void) throws {
        var configuration = TestServer.configuration()
        configuration.tls = try Self.selfSignedCredentials()
        configuration.tlsPolicy.strictTransportSecurity = hsts
        configuration.maximumBodySize = 10
        let prepared = try PreparedResponse(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: "prepared"))
        try TestServer.with(
            configuration,
            handler: { request in
                switch request.target {
                case "/prepared": .prepared(prepared)
                case "/own": .response(HTTPResponse(status: 200, headers: ["Strict-Transport-Security": "max-age=5"], body: "own"))
                default: .response(HTTPResponse(status: 404, body: "built"))
                }
            }
        ) { server in try body(server.boundPort) }
    }

    /// The `Strict-Transport-Security` values of the answer to `curl arguments` (`-k -D -` added).
    static func hstsValues(_ arguments: [String]) throws -> [String] {
        let output = try ExternalTool.run("curl", ["-sk", "--max-time", "10", "-o", "/dev/null", "-D", "-"] + arguments)
        return output.split(separator: "\r\n").compactMap { line in
            guard line.lowercased().hasPrefix("strict-transport-security:") else { return nil }
            return line.dropFirst("strict-transport-security:".count).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(
        "HSTS is on every HTTPS answer when configured, and on none otherwise",
        arguments: [
            (HTTPServer.StrictTransportSecurity(maxAge: 31_536_000), ["max-age=31536000"]),
            (HTTPServer.StrictTransportSecurity(maxAge: 600, includesSubdomains: true), ["max-age=600; includeSubDomains"]),
            (nil, []),
        ])
    func strictTransportSecurity(hsts: HTTPServer.StrictTransportSecurity?, expected: [String]) throws {
        try Self.hstsServer(hsts) { port throws in
            let base = "https://127.0.0.1:\(port)"
            #expect(try Self.hstsValues(["\(base)/prepared"]) == expected)
            #expect(try Self.hstsValues(["\(base)/built"]) == expected)
            #expect(try Self.hstsValues(["--data", "more than ten bytes", "\(base)/built"]) == expected)
            #expect(try Self.hstsValues(["\(base)/own"]) == ["max-age=5"])
        }
    }

    @Test("one prepared response served by an HSTS server and a plain one carries HSTS only from the first, every time")
    func sharedPreparedResponse() throws {
        let prepared = try PreparedResponse(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: "shared"))
        var secure = TestServer.configuration()
        secure.tls = try Self.selfSignedCredentials()
        secure.tlsPolicy.strictTransportSecurity = HTTPServer.StrictTransportSecurity(maxAge: 60)
        try TestServer.with(secure, handler: { _ in .prepared(prepared) }) { tls throws in
            try TestServer.with(handler: { _ in .prepared(prepared) }) { plain throws in
                for _ in 0..<3 {
                    #expect(try Self.hstsValues(["https://127.0.0.1:\(tls.boundPort)/"]) == ["max-age=60"])
                    #expect(try Self.hstsValues(["http://127.0.0.1:\(plain.boundPort)/"]) == [])
                }
                let body = try ExternalTool.run("curl", ["-sk", "--max-time", "10", "https://127.0.0.1:\(tls.boundPort)/"])
                #expect(body == "shared")
            }
        }
    }

    @Test(
        "TLS policy problems are named before anything starts",
        arguments: [
            (
                true, HTTPServer.TLSPolicy(priorities: "NORMAL:+NOPE"),
                "TLS priority string 'NORMAL:+NOPE' is refused by GnuTLS at '+NOPE': The request is invalid."
            ),
            (
                true, HTTPServer.TLSPolicy(priorities: "NORMAL:-VERS-ALL"),
                "TLS priority string 'NORMAL:-VERS-ALL' is refused by GnuTLS: No or insufficient priorities were set."
            ),
            (true, HTTPServer.TLSPolicy(priorities: ""), "TLS priority string '' is empty"),
            (true, HTTPServer.TLSPolicy(strictTransportSecurity: .init(maxAge: -1)), "Strict-Transport-Security max-age -1 is outside 0...2147483647"),
            (
                false, HTTPServer.TLSPolicy(strictTransportSecurity: .init(maxAge: 60)),
                "Strict-Transport-Security needs TLS: browsers ignore it over plain HTTP"
            ),
        ])
    func policyProblems(isTLS: Bool, policy: HTTPServer.TLSPolicy, problem: String) throws {
        var configuration = TestServer.configuration()
        configuration.tls = isTLS ? HTTPServer.TLSCredentials(certificatePEM: "not checked here", keyPEM: "not checked here") : nil
        configuration.tlsPolicy = policy
        #expect(configuration.problems == [problem])
        let server = HTTPServer(configuration: configuration, logger: TestServer.quietLogger) { _ in .response(HTTPResponse(status: 200)) }
        #expect(throws: HTTPServerError.invalidConfiguration([problem])) { try server.start() }
    }

    @Test("the default policy is Mozilla's intermediate profile with resumption on and no HSTS")
    func defaultPolicy() {
        let policy = HTTPServer.Configuration().tlsPolicy
        #expect(policy.priorities == HTTPServer.TLSPolicy.intermediatePriorities)
        #expect(policy.resumesSessions)
        #expect(policy.strictTransportSecurity == nil)
        #expect(policy.problems.isEmpty)
    }
}
