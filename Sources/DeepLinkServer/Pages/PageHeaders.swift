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

    /// The policy of a page that offers "Copy link, then install": the same, but scripts from this origin (the copy
    /// button's, `/static/copy-link.js`) run.
    static let copyLinkContentSecurityPolicy =
        "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; img-src 'self' data:"

    /// The headers of a landing page: an HTML page's, and `Vary: User-Agent`, since an in-app browser's page differs
    /// from an ordinary browser's (`BrowserClass`), so that no cache serves one's to the other. A page that offers
    /// "Copy link, then install" (never a secret one) may run this origin's scripts.
    static func landing(isSecret: Bool, offersCopyLink: Bool = false) -> HTTPHeaders {
        isSecret ? secretLanding : offersCopyLink ? copyLinkLanding : landing
    }

    private static let page = headers(isSecret: false)
    private static let secretPage = headers(isSecret: true)
    private static let landing = headers(isSecret: false, varies: true)
    private static let secretLanding = headers(isSecret: true, varies: true)
    private static let copyLinkLanding = headers(isSecret: false, varies: true, policy: copyLinkContentSecurityPolicy)

    private static func headers(isSecret: Bool, varies: Bool = false, policy: String = contentSecurityPolicy) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Content-Security-Policy", value: policy)
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
