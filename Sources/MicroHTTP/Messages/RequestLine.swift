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
        guard !method.isEmpty, method.utf8.allSatisfy(ASCIISet.token.contains) else { return "invalid request method" }
        if let sentTargetLength, sentTargetLength != target.utf8.count { return "NUL byte in the request target" }
        guard !target.utf8.contains(where: ASCIISet.controlsAndSpace.contains) else { return "space or control character in the request target" }
        guard target != "*" || method == "OPTIONS" else { return "the request target '*' is for OPTIONS only" }
        return nil
    }
}

extension RequestLine {
    /// An absolute-form target (`http://host/path?query`, RFC 9112 §3.2.2) read as the origin-form target and the
    /// host it names, which a server must use instead of the `Host` header.
    struct AbsoluteForm: Equatable {
        /// The path and query; `/` when the target has no path.
        let target: String
        /// The authority, which takes the place of `Host`.
        let host: String
    }

    /// The origin form of `target` when it is in absolute form, nil when it is not (origin form, `*`, or anything
    /// else, which routing answers); throws the reason for 400 when it is absolute but unusable.
    static func absoluteForm(of target: String) throws(RequestLineError) -> AbsoluteForm? {
        guard let colon = target.utf8.firstIndex(of: UInt8(ascii: ":")), !target.hasPrefix("/") else { return nil }
        let scheme = target[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = target[target.utf8.index(after: colon)...]
        guard rest.hasPrefix("//") else { throw RequestLineError("absolute-form request target without an authority") }
        let authorityStart = rest.utf8.index(rest.startIndex, offsetBy: 2)
        let authorityEnd = rest[authorityStart...].utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        let authority = rest[authorityStart..<authorityEnd]
        guard !authority.utf8.contains(UInt8(ascii: "@")) else { throw RequestLineError("user info in the request target") }
        guard HostSyntax.isValid(authority.utf8) else { throw RequestLineError("invalid host in the request target") }
        let remainder = rest[authorityEnd...]
        return AbsoluteForm(target: remainder.hasPrefix("/") ? String(remainder) : "/" + remainder, host: String(authority))
    }
}

/// Why a request line gets 400.
struct RequestLineError: Error, Equatable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
