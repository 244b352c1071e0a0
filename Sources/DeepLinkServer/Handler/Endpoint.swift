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

    /// The endpoint a raw path belongs to; anything not fixed is a landing page or not found.
    static func of(path: Substring) -> Endpoint {
        switch path {
        case "/.well-known/apple-app-site-association", "/apple-app-site-association": .associationFile
        case "/.well-known/assetlinks.json": .assetLinks
        case "/resolve": .resolve
        case "/link": .link
        case "/healthz": .health
        case "/metrics": .metrics
        case "/openapi.yaml": .openAPI
        default: path.hasPrefix(StaticAssets.prefix) ? .asset : .landing
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
        self == .resolve || self == .link || self == .health
    }
}
