import Foundation
import HTTPTestSupport
import Testing

@Suite("deeplinkd serve, live on 127.0.0.1", .serialized)
struct ServeTests {
    static let token = "TOKEN_abcdefghijklmnopqrstuvwxyz"

    @Test("curl sees the AASA as Apple needs it: 200, application/json, no redirect, HEAD too")
    func associationFile() throws {
        let server = try ServerProcess()
        defer { server.stopCleanly() }
        let url = "http://127.0.0.1:\(server.port)/.well-known/apple-app-site-association"
        let response = try Curl.request(url, ["-A", "AASA-Bot/1.0.0"])
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["location"] == nil)
        #expect(response.body.hasPrefix(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.polarisexpress.expresscan"]"#))
        let head = try Curl.request(url, ["-I"])
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(response.body.utf8.count))
        let cached = try Curl.request(url, ["-H", "If-None-Match: \(response.headers["etag"] ?? "")"])
        #expect(cached.status == 304)
        #expect(try Curl.request("http://127.0.0.1:\(server.port)/c/CH-42").status == 200)
    }

    @Test("the token of a secret route never reaches the log or the metrics, however it is sent")
    func secretsStayOutOfLogs() throws {
        let server = try ServerProcess()
        defer { server.stopCleanly() }
        let base = "http://127.0.0.1:\(server.port)"
        let token = Self.token
        let secretURL = "https%3A%2F%2Flinks.example.com%2Fm%2F\(token)"
        // Valid, as HEAD, invalid (too short, extra components, bad characters) and through the APIs.
        #expect(try Curl.request("\(base)/m/\(token)").status == 200)
        #expect(try Curl.request("\(base)/m/\(token)", ["-I"]).status == 200)
        #expect(try Curl.request("\(base)/m/\(token)/extra").status == 404)
        #expect(try Curl.request("\(base)/m/\(token)/extra", ["-I"]).status == 404)
        #expect(try Curl.request("\(base)/m/\(token)!").status == 404)
        #expect(try Curl.request("\(base)/m/\(token.prefix(10))").status == 404)
        #expect(try Curl.request("\(base)/m/\(token)?next=\(token)").status == 200)
        #expect(try Curl.request("\(base)/resolve?url=\(secretURL)").status == 200)
        #expect(try Curl.request("\(base)/resolve?url=\(secretURL)%2Fextra&state=ready").status == 200)
        #expect(try Curl.request("\(base)/resolve?url=\(secretURL)&state=nonsense").status == 400)
        #expect(try Curl.request("\(base)/link?route=magicEmailSignIn&token=\(token)").status == 200)
        #expect(try Curl.request("\(base)/link?route=magicEmailSignIn&token=\(token)!").status == 400)
        let body = #"{"urls": ["https://links.example.com/m/\#(token)", "https://links.example.com/m/\#(token)/x"]}"#
        #expect(try Curl.request("\(base)/resolve", ["-H", "Content-Type: application/json", "--data-binary", body]).status == 200)
        #expect(try Curl.request("\(base)/resolve", ["-H", "Content-Type: text/plain", "--data-binary", body]).status == 415)
        #expect(try Curl.request("\(base)/resolve", ["-H", "Content-Type: application/json", "--data-binary", "{\(token)"]).status == 400)
        // In a header, and in requests the HTTP engine refuses itself (its own error log).
        #expect(try Curl.request("\(base)/healthz", ["-H", "Referer: https://links.example.com/m/\(token)"]).status == 200)
        for request in [
            "GET /m/\(token)\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /m/\(token) HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 20_000))\r\n\r\n",
            "GET /m/\(token) HTTP/9.9\r\nHost: x\r\n\r\n",
            "GET /m/\(token)\u{1} HTTP/1.1\r\nHost: x\r\n\r\n",
        ] {
            let connection = try RawConnection(port: server.port, timeoutSeconds: 10)
            try? connection.send(request)  // the server may answer and close before it has read all of it
            _ = connection.readUntilClosed()
        }
        let metrics = try Curl.request("\(base)/metrics")
        #expect(metrics.status == 200)
        #expect(server.waitForLog("\"path\":\"/metrics\""))
        // Nor any 8-character piece of it, in the log or the metrics.
        let pieces = (0...(token.count - 8)).map { String(token.dropFirst($0).prefix(8)) }
        for piece in pieces {
            #expect(!metrics.body.contains(piece), "the metrics hold '\(piece)'")
            #expect(!server.output.contains(piece), "the log holds '\(piece)'")
        }
        #expect(server.output.contains("\"path\":\"/m/[redacted 32 bytes]\""))
    }

    @Test("SIGHUP reloads a good config and keeps serving the old one when the new one is broken")
    func reload() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-reload-\(UUID()).yaml")
        let original = try String(contentsOf: Deeplinkd.root.appendingPathComponent("config/deeplinkd.yaml"), encoding: .utf8)
        try original.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let server = try ServerProcess(config: config.path)
        defer { server.stopCleanly() }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(try Curl.request("\(base)/link?route=station&id=7").status == 400)

        let added =
            original + """
                  - name: station
                    path: s/$(id)
                    params:
                      id: {charset: "0-9", max: 6}
                    notification: stationRequested
                    landing: charger

                """
        try added.write(to: config, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitForLog("\"message\":\"reloaded\""))
        #expect(try Curl.request("\(base)/link?route=station&id=7").body.contains("https://links.example.com/s/7"))
        #expect(try Curl.request("\(base)/.well-known/apple-app-site-association").body.contains("/s/?*"))

        try (added + "  - name: broken\n    path: x/$(\n").write(to: config, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitForLog("reload rejected; still serving the previous config"))
        #expect(try Curl.request("\(base)/link?route=station&id=7").status == 200)
        #expect(try Curl.request("\(base)/healthz").status == 200)
    }

    @Test("SIGTERM lets a request in flight finish, then exits 0")
    func gracefulStop() throws {
        let server = try ServerProcess()
        defer { server.stopCleanly() }
        let connection = try RawConnection(port: server.port, timeoutSeconds: 10)
        try connection.send("GET /c/CH-42 HTTP/1.1\r\nHost: links.example.com\r\n")
        usleep(200_000)
        server.signal(SIGTERM)
        usleep(200_000)
        try connection.send("\r\n")
        let response = String(decoding: connection.readUntilClosed(), as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200 OK"))
        #expect(response.contains("Charger <span class=\"value\">CH-42</span>"))
        #expect(server.waitForExit(timeout: 10) == 0)
        #expect(server.output.contains("\"message\":\"stopped\""))
    }

    @Test("hostile requests get 4xx, and the server stays healthy")
    func hostileRequests() throws {
        let server = try ServerProcess()
        defer { server.stopCleanly() }
        for request in [
            "GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 40_000) + "\r\n\r\n",
        ] {
            let connection = try RawConnection(port: server.port, timeoutSeconds: 10)
            try? connection.send(request)  // the server may answer and close before it has read all of it
            let status = String(decoding: connection.readUntilClosed().prefix(12), as: UTF8.self)
            #expect(status == "HTTP/1.1 414" || status == "HTTP/1.1 431", "\(status)")
        }
        #expect(try Curl.request("http://127.0.0.1:\(server.port)/healthz").status == 200)
    }

    @Test("a second instance on the same port fails to bind instead of sharing it")
    func secondInstance() throws {
        let server = try ServerProcess()
        defer { server.stopCleanly() }
        let second = try Deeplinkd.run(["serve", "--host", "127.0.0.1", "--port", String(server.port)])
        #expect(second.status == 1)
        #expect(second.error.contains("deeplinkd: cannot listen on 127.0.0.1:\(server.port): address already in use"))
    }

    @Test("with no --port and no DEEPLINKD_PORT it listens on 8080; a DEEPLINKD_PORT that is not a port is refused")
    func defaultPort() throws {
        // Holds 127.0.0.1:8080 (unless something else already does), so the server's bind fails and names the port
        // without the test depending on the port being free.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(8080).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        _ = listen(holder, 1)
        let unset = try Deeplinkd.run(["serve", "--host", "127.0.0.1"], removing: ["DEEPLINKD_PORT"])
        #expect(unset.status == 1)
        #expect(unset.error.contains("deeplinkd: cannot listen on 127.0.0.1:8080: address already in use"), "\(unset.error)")

        for bad in ["http", "70000", ""] {
            let refused = try Deeplinkd.run(["serve", "--host", "127.0.0.1"], environment: ["DEEPLINKD_PORT": bad])
            #expect(refused.status != 0)
            #expect(refused.error.contains("DEEPLINKD_PORT must be a port number (0...65535), not '\(bad)'"), "\(refused.error)")
        }
    }

    @Test("serves HTTPS with a certificate and key")
    func tls() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-tls-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("cert.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=localhost",
            "-keyout", key, "-out", certificate,
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        #expect(openssl.terminationStatus == 0)
        let server = try ServerProcess(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { server.stopCleanly() }
        let response = try Curl.request("https://127.0.0.1:\(server.port)/.well-known/apple-app-site-association", ["-k"])
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(server.output.contains("\"url\":\"https://127.0.0.1:\(server.port)\""))
    }

    @Test(
        "bad serve options are refused before anything starts",
        arguments: [
            (["--port", "70000"], "--port must be 0...65535"), (["--tls-cert", "x.pem"], "--tls-cert and --tls-key go together"),
            (["--config", "/nonexistent.yaml"], "/nonexistent.yaml: cannot read the config: no such file"),
            (["--public", "/nonexistent"], "cannot read the static assets directory /nonexistent/static"),
            // Two mistakes: the TLS options are checked before the port, whichever option group holds them.
            (["--tls-cert", "x.pem", "--port", "70000"], "Error: --tls-cert and --tls-key go together\n"),
            (["--hsts", "60", "--port", "70000"], "Error: --hsts needs --tls-cert and --tls-key"),
        ])
    func badOptions(arguments: [String], message: String) throws {
        let result = try Deeplinkd.run(["serve", "--port", "0"] + arguments)
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
    }
}
