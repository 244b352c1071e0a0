import CMicroHTTPD
import Glibc

extension Exchange {
    /// How the request's body is framed, read from its `Content-Length` and `Transfer-Encoding` headers.
    enum BodyFraming: Equatable {
        /// No body, or `Content-Length: 0`.
        case none
        /// A body of this many bytes.
        case length(Int)
        /// A `Transfer-Encoding: chunked` body.
        case chunked
        /// Framing a proxy in front could read differently; the reason.
        case ambiguous(String)
    }

    /// The request's header fields, in order, and the values of the two headers that frame its body.
    struct RequestHead {
        var headers: HTTPHeaders
        var encodings: [String] = []
        var lengths: [String] = []
        /// Where each field sits in libmicrohttpd's copy of the head; nil when not checked.
        var layout: HeadLayout?

        /// The body framing (RFC 9112 §6.1, §6.3).
        ///
        /// A request that a proxy in front could frame differently is refused before its body is read, so nothing
        /// hidden in it is ever taken for a second request: `Transfer-Encoding` together with `Content-Length`,
        /// either header twice, a transfer coding other than `chunked` (libmicrohttpd would read such a body until
        /// the client closes), or a `Content-Length` that is not a plain decimal number.
        var framing: BodyFraming {
            if !encodings.isEmpty, !lengths.isEmpty { return .ambiguous("both Transfer-Encoding and Content-Length") }
            if encodings.count > 1 { return .ambiguous("Transfer-Encoding given more than once") }
            if lengths.count > 1 { return .ambiguous("Content-Length given more than once") }
            if let encoding = encodings.first {
                return encoding.lowercased() == "chunked" ? .chunked : .ambiguous("unsupported Transfer-Encoding")
            }
            guard let length = lengths.first else { return .none }
            guard !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let size = Int(length) else {
                return .ambiguous("invalid Content-Length")
            }
            return size == 0 ? .none : .length(size)
        }
    }

    /// Reads every request header into `head`, in order, once, with the sizes libmicrohttpd keeps (no `strlen`), into
    /// the memory of `headers` (emptied: the connection's previous request's), which it takes; picks out the framing
    /// headers on the way and checks each field's place against `head.layout` (libmicrohttpd 0.9.75 has already ended
    /// a value at a NUL byte, which only its place shows).
    ///
    /// The head is filled in place, not returned: a returned head was copied out and destroyed twice, a retain and
    /// a release of each of its arrays on every request.
    func readHead(into head: inout RequestHead, reusing headers: inout HTTPHeaders) {
        // Moved out, not copied: a second reference to the memory would make the first `add` copy it.
        swap(&head.headers, &headers)
        if !head.headers.hasRoom { head.headers = HTTPHeaders(reservingBytes: 256, count: 8) }
        withUnsafeMutablePointer(to: &head) { target in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, Self.collectHeader, target)
        }
    }

    /// Appends one header to the `RequestHead` that `cls` points to.
    private static let collectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls else { return .NO }
        let head = cls.assumingMemoryBound(to: RequestHead.self)
        let name = UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize)
        let text = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
        head.pointee.headers.add(name: name, value: text)
        head.pointee.layout?.field(name: UnsafeRawPointer(key), nameSize: keySize, value: UnsafeRawPointer(value), valueSize: valueSize)
        // A name is compared only when its length is that of one of the two.
        if keySize == 17, HTTPHeaders.namesMatch(name, "Transfer-Encoding") {
            head.pointee.encodings.append(String(decoding: text, as: UTF8.self))
        } else if keySize == 14, HTTPHeaders.namesMatch(name, "Content-Length") {
            head.pointee.lengths.append(String(decoding: text, as: UTF8.self))
        }
        return .YES
    }
}
