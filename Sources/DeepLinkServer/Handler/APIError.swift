import MicroHTTP

/// An API request that cannot be answered: its status and the reason, sent as `{"error": …}`.
struct APIError: Error {
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    var response: HTTPResponse { JSONResponse.error(status, message) }
}
