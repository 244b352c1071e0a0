import Foundation

/// A link domain deployed wrongly, for `doctor` to find out: Python's http.server over TLS (doctor needs HTTPS and a
/// certificate its CA signed), serving files as JSON, and answering the one at `target` the broken way its `Mode`
/// says. Every GET is recorded (`requests`).
final class FakeLinkDomain {
    /// How the file at `target` is answered.
    enum Mode: String {
        /// As it is: 200, `application/json`, the bytes given.
        case asIs = "as-is"
        /// A 301 to `https://www.links.example.com` and the same path.
        case redirect
        /// Served as `text/plain`.
        case textPlain = "text-plain"
        /// 200 with an HTML page, as a site's catch-all route gives.
        case html
        /// 404.
        case notFound = "not-found"
        /// The file and then 128 KiB that are not JSON, so a doctor that read past Apple's limit would fail `json` too.
        case tooLarge = "too-large"
        /// The file 10 bytes a second.
        case slow
    }

    static let aasaPath = "/.well-known/apple-app-site-association"
    static let assetLinksPath = "/.well-known/assetlinks.json"

    static let script = """
        import http.server, os, ssl, sys, time
        certificate, key, directory, target, mode = sys.argv[1:6]
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with open(os.path.join(directory, 'requests'), 'a') as requests:
                    requests.write(self.path + '\\n')
                name = os.path.join(directory, 'served', self.path.rsplit('/', 1)[-1])
                body = open(name, 'rb').read() if os.path.isfile(name) else None
                broken = mode if self.path == target else 'as-is'
                status, kind = 200, 'application/json'
                if broken == 'redirect':
                    self.send_response(301)
                    self.send_header('Location', 'https://www.links.example.com' + self.path)
                    self.send_header('Content-Length', '0')
                    self.end_headers()
                    return
                if broken == 'slow':
                    self.send_response(200)
                    self.send_header('Content-Type', kind)
                    self.send_header('Content-Length', str(len(body)))
                    self.end_headers()
                    for start in range(0, len(body), 10):
                        self.wfile.write(body[start:start + 10])
                        self.wfile.flush()
                        time.sleep(1)
                    return
                if body is None or broken == 'not-found':
                    status, body = 404, b''
                elif broken == 'html':
                    kind, body = 'text/html', b'<!DOCTYPE html><title>Home</title>'
                elif broken == 'text-plain':
                    kind = 'text/plain'
                elif broken == 'too-large':
                    body += b'x' * 131072
                self.send_response(status)
                self.send_header('Content-Type', kind)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *arguments):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    private let process = Process()
    private let directory: String
    /// The port it listens on, from the line it prints once listening; 0 if it ended before.
    let port: Int

    /// Serves `files` (by URL path) with a certificate for `host` signed by the test CA, answering the one at `target`
    /// as `mode` says; it listens when `init` returns.
    init(
        serving files: [String: [UInt8]], _ mode: Mode = .asIs, at target: String = aasaPath, host: String = DoctorTests.host,
        certificates: DoctorCertificates
    ) throws {
        let server = try certificates.server(for: host)
        directory = certificates.directory + "/domain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/served", withIntermediateDirectories: true)
        for (path, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/served/" + (path.split(separator: "/").last.map(String.init) ?? path)))
        }
        let script = try certificates.write(Self.script, to: "link-domain.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, server.certificate, server.key, directory, target, mode.rawValue]
        let output = Pipe()
        process.standardOutput = output
        // Not this process's standard error: swift test would wait for a server still holding it.
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The line it prints once listening, or the end of its output if it exits first.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The paths of the GETs answered so far.
    var requests: [String] {
        ((try? String(contentsOfFile: directory + "/requests", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit {
        // SIGKILL: the test process's blocked signals are inherited, SIGTERM among them, and Python does not unblock it.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
