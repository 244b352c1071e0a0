import ArgumentParser

/// `serve`'s address and port, each falling back to an environment variable.
struct ListenerOptions: ParsableArguments {
    @Option(help: "Address to listen on (default: $DEEPLINKD_HOST, else 0.0.0.0).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (default: $DEEPLINKD_PORT, else 8080).")
    var port: Int?

    /// Refuses a port out of range. Not `validate()`: `serve` calls it after the TLS checks.
    func check() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535") }
    }

    /// The address in effect: `--host`, `$DEEPLINKD_HOST`, or every IPv4 address.
    var address: String {
        host ?? Environment.value(of: "DEEPLINKD_HOST") ?? "0.0.0.0"
    }

    /// The port in effect: `--port`, `$DEEPLINKD_PORT`, or 8080.
    func portNumber() throws -> Int {
        if let port { return port }
        guard let text = Environment.value(of: "DEEPLINKD_PORT") else { return 8080 }
        guard let port = Int(text), (0...65535).contains(port) else {
            throw ValidationError("DEEPLINKD_PORT must be a port number (0...65535), not '\(text)'")
        }
        return port
    }
}
