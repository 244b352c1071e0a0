import DeepLinkRouting

/// How the access log shows a path that may carry a secret: one that no route took, or that a `secret: true` route
/// took. Whether it is shown does not depend on how the router reads it.
///
/// Only the first component may be shown, and only when it is, byte for byte (nothing decoded), the literal first
/// component of a route of the table or of a fixed endpoint path (`m`, `static`, `.well-known`); the rest is shown
/// as its length: `/m/[redacted 43 bytes]`. Any other path is shown as its length alone, `/[redacted 50 bytes]`, and
/// a target that does not start with `/` as `[redacted 62 bytes]`.
struct LoggedPath: Sendable {
    /// The first components shown as they are.
    private let knownFirstComponents: Set<Substring>

    /// The rule for `table`'s routes and the fixed endpoints.
    init(table: RouteTable) {
        var known = Set(Endpoint.allCases.flatMap(\.fixedPaths).map { Self.firstComponent(of: Substring($0)) })
        for route in table.routes {
            if case .literal(let text)? = route.pattern.components.first { known.insert(Substring(text)) }
        }
        knownFirstComponents = known
    }

    /// `path` as the access log shows it.
    func redacted(_ path: Substring) -> String {
        guard path.utf8.first == UInt8(ascii: "/") else { return "[redacted \(path.utf8.count) bytes]" }
        guard path.utf8.count > 1 else { return "/" }
        let first = Self.firstComponent(of: path)
        guard knownFirstComponents.contains(first) else { return "/[redacted \(path.utf8.count - 1) bytes]" }
        // After the leading `/`, the first component and the `/` that follows it, if any.
        let rest = path.utf8.count - 1 - first.utf8.count
        return "/" + first + (rest > 1 ? "/[redacted \(rest - 1) bytes]" : rest == 1 ? "/" : "")
    }

    /// `method` as the access log shows it: a method of RFC 9110 (or `PATCH`) as it is, any other token as its length,
    /// since a client may send anything there.
    static func method(_ method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT": method
        default: "[redacted \(method.utf8.count) bytes]"
        }
    }

    /// What lies between the leading `/` of `path` and the next `/` (or its end).
    private static func firstComponent(of path: Substring) -> Substring {
        let body = path.utf8.dropFirst()
        return Substring(body.prefix { $0 != UInt8(ascii: "/") })
    }
}
