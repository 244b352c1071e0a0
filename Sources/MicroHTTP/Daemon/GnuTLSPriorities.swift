import CMicroHTTPD

/// Asks GnuTLS about a priority string before libmicrohttpd is given it, so a bad one is reported with the part
/// GnuTLS stopped at instead of libmicrohttpd's bare refusal to start.
enum GnuTLSPriorities {
    /// Nil when GnuTLS accepts `priorities`; otherwise why not, as a predicate (`is refused by GnuTLS at '+NOPE': …`)
    /// quoting the text from where GnuTLS stopped reading when that is not the whole string.
    static func refusal(of priorities: String) -> String? {
        guard !priorities.isEmpty else { return "is empty" }
        guard !priorities.utf8.contains(0) else { return "contains a NUL byte" }
        return priorities.withCString { text in
            var cache: gnutls_priority_t?
            var stoppedAt: UnsafePointer<CChar>?
            let result = gnutls_priority_init(&cache, text, &stoppedAt)
            if let cache { gnutls_priority_deinit(cache) }
            guard result != GNUTLS_E_SUCCESS else { return nil }
            let reason = gnutls_strerror(result).map { String(cString: $0) } ?? "error \(result)"
            let place = stoppedAt.flatMap { $0 == text || $0.pointee == 0 ? nil : " at '\(String(cString: $0))'" } ?? ""
            return "is refused by GnuTLS\(place): \(reason)"
        }
    }
}
