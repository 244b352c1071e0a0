import CMicroHTTPD

/// Builds libmicrohttpd responses from ``HTTPResponse`` values.
enum LibraryResponse {
    /// Creates an `MHD_Response` holding its own copy of the body and the given headers.
    ///
    /// The caller owns one reference and must call `MHD_destroy_response` when done with it.
    /// `closing` adds `Connection: close`, which also makes libmicrohttpd close after sending.
    static func make(from response: HTTPResponse, closing: Bool) throws(HTTPResponseError) -> OpaquePointer {
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
        var headers = response.headers.fields
        if closing { headers.append(HTTPHeaders.Field(name: "Connection", value: "close")) }
        for field in headers where MHD_add_response_header(handle, field.name, field.value) != .YES {
            MHD_destroy_response(handle)
            throw .invalidHeader(name: field.name, value: field.value)
        }
        return handle
    }
}
