import CMicroHTTPD
import ServerPlatform

/// A response built once and served, unchanged, to any number of requests on any thread.
///
/// It wraps one libmicrohttpd response holding its own copy of the body. Queueing it only bumps a
/// reference count, so serving it costs no allocation or copy per request. Build it once (for
/// example when the configuration loads) and return it from the handler as `.prepared(_:)`.
///
/// `@unchecked Sendable` because the stored `OpaquePointer` is not `Sendable`. It is safe: every
/// header is added in `init`, before the object can be shared, and never changed after; from then
/// on libmicrohttpd only reads the response and changes its reference count under its own mutex
/// (`MHD_queue_response` and `MHD_destroy_response` lock it). `deinit` drops only our reference:
/// connections still sending it keep theirs, and the body copy lives until the last one ends. The variant with an
/// HSTS header is another such object, made once under `secureVariant`'s lock and never changed after.
package final class PreparedResponse: @unchecked Sendable {
    /// The response this object was built from; used as is while the server drains.
    package let response: HTTPResponse
    /// The shared libmicrohttpd response; one reference owned by this object.
    let handle: OpaquePointer
    /// The same response with the `Strict-Transport-Security` header a TLS server adds, made on first use.
    let secureVariant = PThreadMutex<PreparedResponse?>(nil)

    /// Builds the shared response, copying the body; throws if libmicrohttpd refuses a header.
    package init(_ response: HTTPResponse) throws(HTTPResponseError) {
        self.response = response
        self.handle = try LibraryResponse.make(from: response, closing: false)
    }

    deinit {
        MHD_destroy_response(handle)
    }
}
