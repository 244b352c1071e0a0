import Glibc

/// What a request was for: the label of its metrics and access-log line (never a raw path).
enum Endpoint: String, Sendable, CaseIterable {
    case associationFile = "aasa"
    case assetLinks = "assetlinks"
    case resolve
    case link
    case health = "healthz"
    case metrics
    case openAPI = "openapi"
    case asset = "static"
    case landing
    case notFound = "not_found"
    /// `OPTIONS *`, a question about the server as a whole.
    case serverOptions = "options"
    /// A request the HTTP engine refused before routing (`RefusedRequest`).
    case refused
    /// The readiness probe: 503 once the server is draining, so a load balancer stops sending to it.
    case ready = "readyz"

    /// The endpoint a raw path belongs to; anything not fixed is a landing page or not found. Compares bytes, as
    /// it runs on every request.
    static func of(path: Substring) -> Endpoint {
        var path = path
        return path.withUTF8 { path in
            func equals(_ literal: StaticString) -> Bool {
                literal.utf8CodeUnitCount == path.count && path.baseAddress.map { memcmp(literal.utf8Start, $0, path.count) == 0 } == true
            }
            func starts(with literal: StaticString) -> Bool {
                literal.utf8CodeUnitCount <= path.count
                    && path.baseAddress.map { memcmp(literal.utf8Start, $0, literal.utf8CodeUnitCount) == 0 } == true
            }
            // `equals` compares lengths first, so a path passes these in a few instructions each.
            if equals("/.well-known/apple-app-site-association") || equals("/apple-app-site-association") { return .associationFile }
            if equals("/resolve") { return .resolve }
            if equals("/link") { return .link }
            if equals("/healthz") { return .health }
            if equals("/readyz") { return .ready }
            if equals("/metrics") { return .metrics }
            if equals("/openapi.yaml") { return .openAPI }
            if equals("/.well-known/assetlinks.json") { return .assetLinks }
            return starts(with: "/static/") ? .asset : .landing  // StaticAssets.prefix
        }
    }

    /// Its position in `allCases`, for tables kept per endpoint.
    var index: Int {
        switch self {
        case .associationFile: 0
        case .assetLinks: 1
        case .resolve: 2
        case .link: 3
        case .health: 4
        case .metrics: 5
        case .openAPI: 6
        case .asset: 7
        case .landing: 8
        case .notFound: 9
        case .serverOptions: 10
        case .refused: 11
        case .ready: 12
        }
    }

    /// The paths `of(path:)` gives it for (a prefix, for `asset`); none for `landing` and `notFound`.
    var fixedPaths: [String] {
        switch self {
        case .associationFile: ["/.well-known/apple-app-site-association", "/apple-app-site-association"]
        case .assetLinks: ["/.well-known/assetlinks.json"]
        case .resolve: ["/resolve"]
        case .link: ["/link"]
        case .health: ["/healthz"]
        case .ready: ["/readyz"]
        case .metrics: ["/metrics"]
        case .openAPI: ["/openapi.yaml"]
        case .asset: [StaticAssets.prefix]
        case .landing, .notFound, .serverOptions, .refused: []
        }
    }

    /// The methods it answers.
    var allowedMethods: [String] {
        allowsPost ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"]
    }

    /// Whether it answers `method` (checked on every request, so without building `allowedMethods`).
    func allows(_ method: String) -> Bool {
        method == "GET" || method == "HEAD" || (allowsPost && method == "POST")
    }

    private var allowsPost: Bool { self == .resolve }

    /// Whether errors are JSON (the APIs and the health check) rather than HTML pages.
    var isAPI: Bool {
        self == .resolve || self == .link || self == .health || self == .ready
    }
}
