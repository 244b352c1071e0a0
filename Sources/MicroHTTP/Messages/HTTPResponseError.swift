/// Why a response could not be handed to libmicrohttpd.
package enum HTTPResponseError: Error, Equatable, CustomStringConvertible {
    /// The status code is outside 100...999.
    case invalidStatus(Int)
    /// libmicrohttpd refused the header field (control characters, or one it manages itself).
    case invalidHeader(name: String, value: String)
    /// libmicrohttpd could not allocate the response.
    case outOfMemory
    /// The body does not fit in what the server may hold for its connections at once.
    case overBudget

    /// A one-line explanation naming the offending value.
    package var description: String {
        switch self {
        case .invalidStatus(let status):
            "invalid HTTP status \(status): must be between 100 and 999"
        case .invalidHeader(let name, let value):
            "invalid response header '\(name): \(value)': libmicrohttpd refused it"
        case .outOfMemory:
            "cannot allocate a response: out of memory"
        case .overBudget:
            "cannot hold the response: the server holds as many answer bytes as it may"
        }
    }
}
