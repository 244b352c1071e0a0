/// What one fetch of the AASA gave.
enum FetchOutcome: Sendable {
    /// An HTTP answer, whatever its status.
    case received(FetchedFile)
    /// No HTTP answer: the connection, TLS or the time limit failed.
    case failed(FetchFailure)
}

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

/// Why a fetch got no HTTP answer.
struct FetchFailure: Sendable {
    /// libcurl's `CURLcode`.
    let code: Int
    /// libcurl's words for it.
    let message: String

    /// The certificate was refused (`CURLE_PEER_FAILED_VERIFICATION`; 7.62 merged `CURLE_SSL_CACERT` into it).
    var isCertificateRefused: Bool { code == 60 }
    /// The time limit passed (`CURLE_OPERATION_TIMEDOUT`).
    var isTimeout: Bool { code == 28 }
}
