import CMicroHTTPD
import Glibc

/// Builds libmicrohttpd responses from ``HTTPResponse`` values.
enum LibraryResponse {
    private static let hstsName = "Strict-Transport-Security"

    /// Creates an `MHD_Response` holding its own copy of the body and the given headers.
    ///
    /// The caller owns one reference and must call `MHD_destroy_response` when done with it.
    /// `closing` adds `Connection: close`, which also makes libmicrohttpd close after sending.
    /// `strictTransportSecurity` adds that header unless the response has one of its own. With a `budget`, the
    /// body's bytes are taken from it (`overBudget` when they do not fit) and given back when libmicrohttpd frees the
    /// response, however long a slow client takes to read it; the budget must outlive the daemon that sends it.
    static func make(
        from response: HTTPResponse, closing: Bool, strictTransportSecurity: String? = nil, budget: MemoryBudget? = nil
    ) throws(HTTPResponseError) -> OpaquePointer {
        try make(status: response.status, headers: response.headers, closing: closing, strictTransportSecurity: strictTransportSecurity) {
            () throws(HTTPResponseError) in try create(body: response.body, budget: budget)
        }
    }

    /// Creates an `MHD_Response` that sends the written body from its own memory, without a copy, and the given
    /// headers; as `make(from:closing:strictTransportSecurity:budget:)` otherwise.
    static func make(
        from written: WrittenResponse, closing: Bool, strictTransportSecurity: String? = nil, budget: MemoryBudget? = nil
    ) throws(HTTPResponseError) -> OpaquePointer {
        try make(status: written.status, headers: written.headers, closing: closing, strictTransportSecurity: strictTransportSecurity) {
            () throws(HTTPResponseError) in try adopt(written.body, budget: budget)
        }
    }

    private static func make(
        status: Int, headers: HTTPHeaders, closing: Bool, strictTransportSecurity: String?, create: () throws(HTTPResponseError) -> OpaquePointer
    ) throws(HTTPResponseError) -> OpaquePointer {
        guard (100...999).contains(status) else {
            throw .invalidStatus(status)
        }
        let handle = try create()
        // A name or value with a NUL byte of its own would reach libmicrohttpd cut short: it is refused like the
        // control characters libmicrohttpd refuses itself.
        var accepted = 0
        let isAccepted =
            !headers.hasEmbeddedNUL
            && headers.forEachCString { name, value in
                guard MHD_add_response_header(handle, name, value) == .YES else { return false }
                accepted += 1
                return true
            }
        let hsts = strictTransportSecurity.flatMap { headers.values(for: Self.hstsName).isEmpty ? $0 : nil }
        guard isAccepted, hsts.map({ MHD_add_response_header(handle, Self.hstsName, $0) == .YES }) ?? true,
            !closing || MHD_add_response_header(handle, "Connection", "close") == .YES
        else {
            MHD_destroy_response(handle)
            let refused = headers.fields.first { $0.name.utf8.contains(0) || $0.value.utf8.contains(0) }
            let field = refused ?? headers.fields.dropFirst(accepted).first
            throw .invalidHeader(name: field?.name ?? "Connection", value: field?.value ?? "close")
        }
        return handle
    }

    /// A response sending `body` from its own memory: libmicrohttpd holds a reference to it (and its bytes against
    /// `budget`) until `freeWritten` lets go of it.
    private static func adopt(_ body: ResponseBody, budget: MemoryBudget?) throws(HTTPResponseError) -> OpaquePointer {
        let count = body.count
        if let budget {
            guard budget.reserve(count) else { throw .overBudget }
            // Unretained: the budget lives as long as the daemon, which frees every response before it stops.
            body.header.budget = Unmanaged.passUnretained(budget).toOpaque()
        }
        let retained = Unmanaged.passRetained(body)
        let created = body.withUnsafeMutablePointerToElements { bytes in
            MHD_create_response_from_buffer_with_free_callback_cls(count, bytes, freeWritten, retained.toOpaque())
        }
        guard let created else {
            retained.release()
            budget?.release(count)
            throw .outOfMemory
        }
        return created
    }

    /// Drops the reference `adopt` gave libmicrohttpd and gives the bytes back to their budget; `cls` is the body.
    private static let freeWritten: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let body = Unmanaged<ResponseBody>.fromOpaque(cls).takeRetainedValue()
        if let budget = body.header.budget {
            Unmanaged<MemoryBudget>.fromOpaque(budget).takeUnretainedValue().release(body.count)
        }
    }

    /// A response owning a copy of `body`: libmicrohttpd's own copy (MUST_COPY) without a budget or body; with both,
    /// a block of ours, freed and given back to the budget by `freeBudgeted` when libmicrohttpd lets go of it.
    private static func create(body: [UInt8], budget: MemoryBudget?) throws(HTTPResponseError) -> OpaquePointer {
        guard let budget, !body.isEmpty else {
            let created = body.withUnsafeBytes { body in
                // MUST_COPY: the response owns a private copy of the bytes, freed with its last reference,
                // so it stays valid however long a slow client takes, whatever happens to `response`.
                MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
            }
            guard let created else { throw .outOfMemory }
            return created
        }
        guard budget.reserve(body.count) else { throw .overBudget }
        // The block: the body's size, the budget (unretained: it lives as long as the daemon, which frees every
        // response before it stops), then the body.
        guard let block = malloc(BlockHeader.size + body.count) else {
            budget.release(body.count)
            throw .outOfMemory
        }
        block.storeBytes(of: body.count, as: Int.self)
        block.storeBytes(of: Unmanaged.passUnretained(budget).toOpaque(), toByteOffset: MemoryLayout<Int>.size, as: UnsafeMutableRawPointer.self)
        let bytes = block + BlockHeader.size
        body.withUnsafeBytes { source in if let start = source.baseAddress { bytes.copyMemory(from: start, byteCount: body.count) } }
        guard let created = MHD_create_response_from_buffer_with_free_callback_cls(body.count, bytes, freeBudgeted, block) else {
            free(block)
            budget.release(body.count)
            throw .outOfMemory
        }
        return created
    }

    private enum BlockHeader {
        static let size = 16
    }

    /// Frees a block made by `create` and gives its bytes back to its budget; `cls` is the block.
    private static let freeBudgeted: MHD_ContentReaderFreeCallback = { block in
        guard let block else { return }
        let count = block.load(as: Int.self)
        let budget = block.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeMutableRawPointer.self)
        Unmanaged<MemoryBudget>.fromOpaque(budget).takeUnretainedValue().release(count)
        free(block)
    }
}
