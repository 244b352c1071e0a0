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
        // Origin form, the usual case, is told by its first byte before the target is searched for a scheme.
        guard target.utf8.first != UInt8(ascii: "/"), let colon = target.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
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
