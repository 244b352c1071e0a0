/// An HTTP answer to the AASA request.
struct FetchedFile: Sendable {
    /// The status code.
    let status: Int
    /// The `Content-Type` header, as sent.
    let contentType: String?
    /// Where a redirect points, resolved against the request URL.
    let location: String?
    /// The body, up to one byte past Apple's limit.
    let body: [UInt8]
    /// Whether the body went past Apple's limit (the rest was not read).
    let isOverLimit: Bool
}
