/// Why an ``HTTPServer`` could not start.
package enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The configuration has problems; every one is listed.
    case invalidConfiguration([String])
    /// The listening socket could not be set up, for example because the port is taken.
    case cannotListen(address: String, reason: String)
    /// libmicrohttpd refused to start; `reason` quotes its last log message when it gave one.
    case cannotStart(address: String, reason: String)
    /// `start()` was called on a server that is already running or was stopped.
    case alreadyStarted

    /// A one-line explanation naming the address or setting at fault.
    package var description: String {
        switch self {
        case .invalidConfiguration(let problems):
            "invalid HTTP server configuration: " + problems.joined(separator: "; ")
        case .cannotListen(let address, let reason):
            "cannot listen on \(address): \(reason)"
        case .cannotStart(let address, let reason):
            "cannot start the HTTP server on \(address): \(reason)"
        case .alreadyStarted:
            "the HTTP server was already started; create a new one to start again"
        }
    }
}
