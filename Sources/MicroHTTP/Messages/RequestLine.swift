import DeepLinkBytes

/// The request line's method and target, checked before anything reads them (RFC 9112 §3).
///
/// libmicrohttpd 0.9.75 takes the last space of the line for the one before the version, so a target may reach us
/// with spaces, tabs or other control characters in it, and it hands the target over as a C string, so a NUL byte
/// ends it early: `GET /c/1\0/m/<token>` would be routed, cached and logged as `/c/1`. A proxy in front may read
/// such a line differently; nginx refuses them, and so does MicroHTTP, with 400.
enum RequestLine {
    /// Why the request line must get 400, or nil when it is well formed. `sentTargetLength` is the target's length
    /// in bytes as sent (nil when unknown); a longer length than the target's means a NUL byte cut it.
    static func problem(method: String, target: String, sentTargetLength: Int?) -> String? {
        guard !method.isEmpty, ASCIISet.token.containsAll(method.utf8) else { return "invalid request method" }
        if let sentTargetLength, sentTargetLength != target.utf8.count { return "NUL byte in the request target" }
        guard ASCIISet.controlsAndSpace.firstMember(in: target.utf8) == nil else { return "space or control character in the request target" }
        guard target != "*" || method == "OPTIONS" else { return "the request target '*' is for OPTIONS only" }
        return nil
    }
}
