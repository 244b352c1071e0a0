import CMicroHTTPD

/// Builds libmicrohttpd responses from ``HTTPResponse`` values.
enum LibraryResponse {
    private static let hstsName = "Strict-Transport-Security"

    /// Creates an `MHD_Response` holding its own copy of the body and the given headers.
    ///
    /// The caller owns one reference and must call `MHD_destroy_response` when done with it.
    /// `closing` adds `Connection: close`, which also makes libmicrohttpd close after sending.
    /// `strictTransportSecurity` adds that header unless the response has one of its own.
    static func make(
        from response: HTTPResponse, closing: Bool, strictTransportSecurity: String? = nil
    ) throws(HTTPResponseError) -> OpaquePointer {
        guard (100...999).contains(response.status) else {
            throw .invalidStatus(response.status)
        }
        let created = response.body.withUnsafeBytes { body in
            // MUST_COPY: the response owns a private copy of the bytes, freed with its last reference,
            // so it stays valid however long a slow client takes, whatever happens to `response`.
            let bytes = UnsafeMutableRawPointer(mutating: body.baseAddress)
            return MHD_create_response_from_buffer(body.count, bytes, .RESPMEM_MUST_COPY)
        }
        guard let handle = created else { throw .outOfMemory }
        // A name or value with a NUL byte of its own would reach libmicrohttpd cut short: it is refused like the
        // control characters libmicrohttpd refuses itself.
        var accepted = 0
        let isAccepted =
            !response.headers.hasEmbeddedNUL
            && response.headers.forEachCString { name, value in
                guard MHD_add_response_header(handle, name, value) == .YES else { return false }
                accepted += 1
                return true
            }
        let hsts = strictTransportSecurity.flatMap { response.headers.values(for: Self.hstsName).isEmpty ? $0 : nil }
        guard isAccepted, hsts.map({ MHD_add_response_header(handle, Self.hstsName, $0) == .YES }) ?? true,
            !closing || MHD_add_response_header(handle, "Connection", "close") == .YES
        else {
            MHD_destroy_response(handle)
            let refused = response.headers.fields.first { $0.name.utf8.contains(0) || $0.value.utf8.contains(0) }
            let field = refused ?? response.headers.fields.dropFirst(accepted).first
            throw .invalidHeader(name: field?.name ?? "Connection", value: field?.value ?? "close")
        }
        return handle
    }
}
