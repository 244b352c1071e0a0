import Foundation

/// One `openssl s_client` connection to a live server on 127.0.0.1: the protocol and suite its handshake agreed on,
/// whether it resumed an earlier session, and the server's answer to a `GET` sent over it.
package struct TLSProbe: Sendable {
    /// The protocol agreed, such as `TLSv1.3`; nil when the server refused the handshake.
    package let protocolVersion: String?
    /// The suite agreed, in OpenSSL's naming (`ECDHE-ECDSA-AES128-GCM-SHA256`, `TLS_AES_256_GCM_SHA384`); nil when refused.
    package let cipher: String?
    /// Whether the handshake resumed the session read from `sessionIn` instead of making a new one.
    package let isResumed: Bool
    /// Everything s_client printed, the server's answer included.
    package let transcript: String

    /// Whether a handshake happened at all.
    package var isAccepted: Bool { protocolVersion != nil }

    /// Connects to `port` with the s_client `options` (`-tls1_2`, `-cipher …`), sends `GET path` as HTTP/1.0 and
    /// reads until the server closes; `sessionOut` saves the session (tickets included), `sessionIn` offers it back.
    package static func connect(
        port: Int, _ options: [String], path: String = "/", sessionOut: String? = nil, sessionIn: String? = nil
    ) throws -> TLSProbe {
        var arguments = ["s_client", "-connect", "127.0.0.1:\(port)", "-servername", "localhost", "-ign_eof"] + options
        if let sessionOut { arguments += ["-sess_out", sessionOut] }
        if let sessionIn { arguments += ["-sess_in", sessionIn] }
        let outcome = try OpenSSLTool.run(arguments, input: "GET \(path) HTTP/1.0\r\nHost: localhost\r\n\r\n", timeoutSeconds: 15)
        // s_client prints `New, TLSv1.3, Cipher is TLS_AES_256_GCM_SHA384` (or `Reused, …`), and
        // `New, (NONE), Cipher is (NONE)` when the server ends the handshake.
        let summary = outcome.output.split(separator: "\n").first { $0.hasPrefix("New, ") || $0.hasPrefix("Reused, ") }
        let parts = summary.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        let version = parts.count == 3 && parts[1] != "(NONE)" ? parts[1] : nil
        let cipher = version == nil ? nil : parts[2].replacingOccurrences(of: "Cipher is ", with: "")
        return TLSProbe(protocolVersion: version, cipher: cipher, isResumed: parts.first == "Reused", transcript: outcome.output)
    }

    /// The TLS 1.2 suites this machine's openssl can offer, each to be tried alone (PSK and SRP suites left out:
    /// they need credentials no server here has).
    package static func clientSuitesForTLS12() throws -> [String] {
        let listed = try OpenSSLTool.run(["ciphers", "-tls1_2", "ALL:COMPLEMENTOFALL:@SECLEVEL=0"])
        return listed.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":").map(String.init)
            .filter { !$0.hasPrefix("TLS_") && !$0.contains("PSK") && !$0.contains("SRP") }
    }
}
