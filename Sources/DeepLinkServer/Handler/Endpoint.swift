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

    /// The prefix of the static files' paths (`StaticAssets`).
    static let assetPrefix: StaticString = "/static/"

    /// The fixed paths and the endpoint each belongs to, in the order `of(path:)` compares them: the one table of
    /// the server's fixed paths. The static files' is a prefix, every other path is whole.
    static let fixed: [(path: StaticString, endpoint: Endpoint)] = [
        ("/.well-known/apple-app-site-association", .associationFile), ("/apple-app-site-association", .associationFile),
        ("/resolve", .resolve), ("/link", .link), ("/healthz", .health), ("/readyz", .ready), ("/metrics", .metrics),
        ("/openapi.yaml", .openAPI), ("/.well-known/assetlinks.json", .assetLinks), (assetPrefix, .asset),
    ]

    /// `fixed`, arranged for `of(path:)`.
    private static let paths = FixedPaths(fixed)

    /// The endpoint a raw path belongs to; anything not fixed is a landing page or not found. Compares bytes, as
    /// it runs on every request.
    static func of(path: Substring) -> Endpoint {
        var path = path
        return path.withUTF8 { path in
            if let endpoint = paths.endpoint(of: path) { return endpoint }
            return FixedPaths.starts(path, with: assetPrefix) ? .asset : .landing
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
        Self.fixed.filter { $0.endpoint == self }.map(\.path.description)
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
