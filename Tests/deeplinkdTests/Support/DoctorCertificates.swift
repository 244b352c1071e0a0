import Foundation

/// Test certificates for `deeplinkd doctor`: a CA, and server certificates it signs for a host, made with openssl.
struct DoctorCertificates {
    /// The scratch directory holding every file; `remove()` deletes it.
    let scratch: ScratchDirectory
    /// Its path.
    var directory: String { scratch.path }
    /// The CA certificate, for `--cacert`.
    var caPath: String { directory + "/ca.pem" }

    init() throws {
        scratch = try ScratchDirectory("doctor")
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
        try scratch.write(text, to: name)
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
        scratch.remove()
    }
}
