import DeepLinkBytes

extension HTTPHeaders {
    /// Why a request with these header fields must get 400, or nil when they are well formed (RFC 9110 §5, RFC 9112 §3.2):
    /// a name that is not a token, a control character other than tab in a value, an HTTP/1.1 request without
    /// `Host`, more than one `Host`, or a `Host` that is not a host and optional port (`HostSyntax`).
    ///
    /// libmicrohttpd 0.9.75 accepts all of these. A front proxy may read such a request differently (smuggling), and
    /// nothing here needs them. A NUL byte cannot be told: libmicrohttpd ends the value at it.
    func problem(isHTTP11: Bool) -> String? {
        let token = ASCIISet.token
        let forbiddenInValue = Self.forbiddenInValue
        var hosts = 0
        let found: String? = withFields { bytes, terminators in
            var start = 0
            for field in stride(from: 0, to: terminators.count, by: 2) {
                let nameEnd = terminators[field]
                let valueEnd = terminators[field + 1]
                guard nameEnd > start, token.containsAll(bytes[start..<nameEnd]) else { return "invalid header field name" }
                let value = bytes[(nameEnd + 1)..<valueEnd]
                guard forbiddenInValue.firstMember(in: value) == nil else { return "control character in a header field value" }
                if Self.isHost(bytes[start..<nameEnd]) {
                    hosts += 1
                    guard HostSyntax.isValid(value) else { return "invalid Host header" }
                }
                start = valueEnd + 1
            }
            return nil
        }
        if let found { return found }
        if hosts > 1 { return "more than one Host header" }
        if hosts == 0, isHTTP11 { return "HTTP/1.1 request without a Host header" }
        return nil
    }

    /// The same fields with every `Host` replaced by one `Host: host` at the end (for an absolute-form target).
    func replacingHost(with host: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for field in self where !Self.namesMatch(field.name, "Host") { headers.add(name: field.name, value: field.value) }
        headers.add(name: "Host", value: host)
        return headers
    }

    /// Control characters other than horizontal tab, DEL included.
    private static let forbiddenInValue = ASCIISet.controls.subtracting(ASCIISet("\t"))

    /// Whether `name` is `Host` in any case.
    private static func isHost(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        name.count == 4 && name.elementsEqual("host".utf8) { $0 | 0x20 == $1 }
    }
}
