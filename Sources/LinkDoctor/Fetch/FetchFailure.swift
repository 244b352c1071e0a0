/// Why a fetch got no HTTP answer.
struct FetchFailure: Sendable {
    /// libcurl's `CURLcode`.
    let code: Int
    /// libcurl's words for it.
    let message: String

    /// The certificate was refused (`CURLE_PEER_FAILED_VERIFICATION`; 7.62 merged `CURLE_SSL_CACERT` into it).
    var isCertificateRefused: Bool { code == 60 }
    /// The CA certificates given (`--cacert`) could not be loaded (`CURLE_SSL_CACERT_BADFILE`): doctor's own input,
    /// not the server's fault.
    var isCAFileUnusable: Bool { code == 77 }
    /// The time limit passed (`CURLE_OPERATION_TIMEDOUT`).
    var isTimeout: Bool { code == 28 }
}
