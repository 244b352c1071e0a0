import MicroHTTP

/// Headers for HTML pages.
enum PageHeaders {
    /// No script at all, nothing from elsewhere; forms post only here.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; img-src 'self' data:"

    /// The headers of an HTML page; secret pages are never stored, indexed or leaked through the referrer.
    static func html(isSecret: Bool) -> HTTPHeaders {
        isSecret ? secretPage : page
    }

    /// The headers of a landing page: an HTML page's, and `Vary: User-Agent`, since an in-app browser's page differs
    /// from an ordinary browser's (`BrowserClass`), so that no cache serves one's to the other.
    static func landing(isSecret: Bool) -> HTTPHeaders {
        isSecret ? secretLanding : landing
    }

    private static let page = headers(isSecret: false)
    private static let secretPage = headers(isSecret: true)
    private static let landing = headers(isSecret: false, varies: true)
    private static let secretLanding = headers(isSecret: true, varies: true)

    private static func headers(isSecret: Bool, varies: Bool = false) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Content-Security-Policy", value: contentSecurityPolicy)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "X-Frame-Options", value: "DENY")
        if isSecret {
            headers.add(name: "Cache-Control", value: "no-store")
            headers.add(name: "Referrer-Policy", value: "no-referrer")
            headers.add(name: "X-Robots-Tag", value: "noindex, nofollow")
        } else {
            headers.add(name: "Cache-Control", value: "public, max-age=300")
            headers.add(name: "Referrer-Policy", value: "strict-origin-when-cross-origin")
        }
        if varies { headers.add(name: "Vary", value: "User-Agent") }
        return headers
    }
}
