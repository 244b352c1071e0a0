import MicroHTTP

extension HTTPReply {
    /// The status code and body length, for the access log.
    var statusAndLength: (Int, Int) {
        switch self {
        case .response(let response): (response.status, response.body.count)
        case .prepared(let prepared): (prepared.response.status, prepared.response.body.count)
        }
    }
}
