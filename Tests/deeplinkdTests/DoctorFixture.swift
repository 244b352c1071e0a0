import Foundation

/// Test certificates for `deeplinkd doctor`: a CA, and server certificates it signs for a host, made with openssl.
struct DoctorCertificates {
    /// The temporary directory holding every file; `remove()` deletes it.
    let directory: String
    /// The CA certificate, for `--cacert`.
    var caPath: String { directory + "/ca.pem" }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-doctor-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Tool.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=deeplinkd test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign", "-keyout", directory + "/ca.key", "-out", caPath,
            ])
    }

    /// A certificate for `host` signed by the CA: its certificate and key paths.
    func server(for host: String) throws -> (certificate: String, key: String) {
        let base = directory + "/" + host
        try Tool.run(
            "openssl",
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=\(host)", "-keyout", base + ".key",
                "-out", base + ".csr",
            ])
        try "subjectAltName=DNS:\(host)\n".write(toFile: base + ".ext", atomically: true, encoding: .utf8)
        try Tool.run(
            "openssl",
            [
                "x509", "-req", "-in", base + ".csr", "-CA", caPath, "-CAkey", directory + "/ca.key", "-CAcreateserial", "-days", "1", "-extfile",
                base + ".ext", "-out", base + ".pem",
            ])
        return (base + ".pem", base + ".key")
    }

    /// Writes `text` to a file of the directory and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// An `.entitlements` property list with these associated domains.
    func entitlements(_ domains: [String]) throws -> String {
        let entries = domains.map { "<string>\($0)</string>" }.joined()
        return try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>\(entries)</array></dict></plist>
            """, to: "App-\(UUID().uuidString).entitlements")
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A deliberately broken link domain: Python's http.server over TLS, answering the AASA request with a redirect,
/// `text/plain`, an HTML page, a 404, a body over Apple's size limit, the body exactly as given (`exact`), or the body
/// 10 bytes a second (`slow`), writing a line to `requestsPath` for each GET it answers.
final class BrokenLinkDomain {
    enum Mode: String {
        case redirect, textPlain = "text-plain", html, notFound = "not-found", tooLarge = "too-large", exact, slow
    }

    static let script = """
        import http.server, ssl, sys, time
        mode, certificate, key, body_path = sys.argv[1:5]
        body = open(body_path, 'rb').read()
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with open(body_path + '.requests', 'a') as requests:
                    requests.write(self.path + '\\n')
                if mode == 'slow':
                    self.send_response(200)
                    self.send_header('Content-Type', 'application/json')
                    self.send_header('Content-Length', str(len(body)))
                    self.end_headers()
                    for start in range(0, len(body), 10):
                        self.wfile.write(body[start:start + 10])
                        self.wfile.flush()
                        time.sleep(1)
                    return
                if mode == 'redirect':
                    self.send_response(301)
                    self.send_header('Location', 'https://www.links.example.com' + self.path)
                    self.send_header('Content-Length', '0')
                    self.end_headers()
                    return
                # too-large: the AASA, then 128 KiB that are not JSON, so a doctor that read past its limit would fail json too.
                answer = {'html': b'<!DOCTYPE html><title>Home</title>', 'too-large': body + b'x' * 131072}.get(mode, body)
                self.send_response(404 if mode == 'not-found' else 200)
                self.send_header('Content-Type', {'text-plain': 'text/plain', 'html': 'text/html'}.get(mode, 'application/json'))
                self.send_header('Content-Length', str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
            def log_message(self, *arguments):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    let process = Process()
    let port: Int
    /// The file with a line for each GET answered.
    let requestsPath: String

    /// Serves `body` (the AASA) the broken way `mode` says, with the certificate and key given.
    convenience init(_ mode: Mode, body: String, certificates: DoctorCertificates, server: (certificate: String, key: String)) throws {
        try self.init(mode, bytes: Array(body.utf8), certificates: certificates, server: server)
    }

    /// Serves the bytes `bytes` as the AASA, the way `mode` says.
    init(_ mode: Mode, bytes: [UInt8], certificates: DoctorCertificates, server: (certificate: String, key: String)) throws {
        let scriptPath = try certificates.write(Self.script, to: "broken.py")
        let bodyPath = certificates.directory + "/body-\(mode.rawValue)-\(UUID().uuidString).json"
        try Data(bytes).write(to: URL(fileURLWithPath: bodyPath))
        requestsPath = bodyPath + ".requests"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [scriptPath, mode.rawValue, server.certificate, server.key, bodyPath]
        let output = Pipe()
        process.standardOutput = output
        // Not this process's standard error: swift test would wait for a server still holding it.
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        let deadline = Date().addingTimeInterval(10)
        while !line.contains(UInt8(ascii: "\n")), Date() < deadline, process.isRunning { line += output.fileHandleForReading.availableData }
        port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The paths of the GETs answered so far.
    var requests: [String] {
        ((try? String(contentsOfFile: requestsPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit {
        // SIGKILL: the test process's blocked signals are inherited, SIGTERM among them, and Python does not unblock it.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Runs a tool to its end and fails when it does.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }
}
