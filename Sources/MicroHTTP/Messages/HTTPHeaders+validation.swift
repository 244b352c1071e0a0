extension HTTPHeaders {
    /// Why a request with these header fields must get 400, or nil when they are well formed (RFC 9110 §5, RFC 9112 §3.2):
    /// a name that is not a token, a control character other than tab in a value, an HTTP/1.1 request without
    /// `Host`, more than one `Host`, or a `Host` that is not a host and optional port.
    ///
    /// libmicrohttpd 0.9.75 accepts all of these. A front proxy may read such a request differently (smuggling), and
    /// nothing here needs them. A NUL byte cannot be told: libmicrohttpd ends the value at it.
    func problem(isHTTP11: Bool) -> String? {
        var hosts = 0
        for index in 0..<count {
            let name = nameBytes(at: index)
            guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else { return "invalid header field name" }
            let value = valueBytes(at: index)
            guard !value.contains(where: Self.isForbiddenInValue) else { return "control character in a header field value" }
            if Self.namesMatch(name, "Host") {
                hosts += 1
                guard value.allSatisfy(Self.isHostCharacter) else { return "invalid Host header" }
            }
        }
        if hosts > 1 { return "more than one Host header" }
        if hosts == 0, isHTTP11 { return "HTTP/1.1 request without a Host header" }
        return nil
    }

    /// `tchar` of RFC 9110 §5.6.2: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        byte.isASCIILetterOrDigit || "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }

    /// Control characters other than horizontal tab, DEL included.
    private static func isForbiddenInValue(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// What `uri-host [":" port]` may hold (RFC 3986 §3.2.2): unreserved and sub-delimiter characters, `%`, the
    /// brackets of an IP literal and the colon before a port; not user info, a path, space or anything else.
    private static func isHostCharacter(_ byte: UInt8) -> Bool {
        byte.isASCIILetterOrDigit || "-._~%!$&'()*+,;=:[]".utf8.contains(byte)
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
