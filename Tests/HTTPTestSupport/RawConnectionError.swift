/// Why a raw test exchange failed.
package enum RawConnectionError: Error, CustomStringConvertible {
    case system(String, Int32)
    case timedOut
    case closedEarly(received: Int)
    case malformed(String)

    package var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: errno \(code)"
        case .timedOut: "timed out waiting for the server"
        case .closedEarly(let received): "connection closed after \(received) bytes"
        case .malformed(let what): "malformed response: \(what)"
        }
    }
}
