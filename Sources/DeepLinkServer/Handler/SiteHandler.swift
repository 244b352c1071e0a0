import DeepLinkRouting
import MicroHTTP

/// Answers one request from one `Site`: a pure function of the request and the loaded config.
struct SiteHandler {
    let site: Site
    let metrics: ServerMetrics
    /// Whether `/metrics` is served here; not when it has a listener of its own (`serve --metrics-address`).
    var servesMetrics = true
    /// Whether the server is draining (SIGTERM): `/readyz` then answers 503 while `/healthz` still answers 200.
    var isDraining = false

    /// The reply, and what the access log and metrics may say about it.
    func respond(to request: HTTPRequest) -> Answer {
        // `OPTIONS *` asks about the server as a whole (RFC 9110 9.3.7): the methods some endpoint takes, no body.
        if request.target == "*" {
            var headers = HTTPHeaders()
            headers.add(name: "Allow", value: "GET, HEAD, POST")
            headers.add(name: "Cache-Control", value: "no-store")
            return Answer(.response(HTTPResponse(status: 200, headers: headers)), endpoint: .serverOptions)
        }
        let endpoint = Endpoint.of(path: request.path)
        guard endpoint.allows(request.method) else {
            return Answer(methodNotAllowed(endpoint), endpoint: endpoint, loggedPath: loggedPath(request, endpoint))
        }
        switch endpoint {
        case .associationFile:
            guard let file = site.associationFile(for: request) else { return notFound(request, isFixedPath: true) }
            return Answer(
                .prepared(file.response(to: request)), endpoint: endpoint
            )
        case .assetLinks:
            guard let file = site.assetLinks(for: request) else { return notFound(request, isFixedPath: true) }
            return Answer(
                .prepared(file.response(to: request)), endpoint: endpoint
            )
        case .resolve:
            return request.method == "POST" ? resolveBatch(request) : resolve(request)
        case .link:
            return link(request)
        case .health:
            return Answer(.response(JSONResponse.body(200, Array(#"{"status":"ok"}"#.utf8))), endpoint: endpoint)
        case .ready:
            guard !isDraining else {
                return Answer(.response(JSONResponse.body(503, Array(#"{"status":"draining"}"#.utf8))), endpoint: endpoint)
            }
            return Answer(.response(JSONResponse.body(200, Array(#"{"status":"ready"}"#.utf8))), endpoint: endpoint)
        case .metrics:
            guard servesMetrics else { return notFound(request, isFixedPath: true) }
            return Answer(.response(metrics.exposition()), endpoint: endpoint)
        case .openAPI:
            guard let document = site.openAPI else { return notFound(request, isFixedPath: true) }
            return Answer(
                .prepared(document.response(to: request)),
                endpoint: endpoint)
        case .asset:
            guard let asset = site.assets.response(for: request.path, query: request.rawQuery) else { return notFound(request) }
            return Answer(.prepared(asset), endpoint: endpoint)
        case .landing, .notFound, .serverOptions, .refused:
            return landing(request)
        }
    }

    /// The 404 page; the log shows fixed endpoint paths as they are and any other path redacted (``LoggedPath``).
    func notFound(_ request: HTTPRequest, isFixedPath: Bool = false) -> Answer {
        let logged = isFixedPath ? nil : site.loggedPaths.redacted(request.path)
        return Answer(.prepared(site.notFound), endpoint: .notFound, loggedPath: logged)
    }

    private func methodNotAllowed(_ endpoint: Endpoint) -> HTTPReply {
        var response =
            endpoint.isAPI
            ? JSONResponse.error(405, "method not allowed; use \(endpoint.allowedMethods.joined(separator: ", "))")
            : site.pages.errorPage(status: 405, appName: site.table.app.name)
        response.headers.add(name: "Allow", value: endpoint.allowedMethods.joined(separator: ", "))
        return .response(response)
    }

    /// A fixed endpoint path as it is; any other path (a landing page's, a static file's) redacted.
    private func loggedPath(_ request: HTTPRequest, _ endpoint: Endpoint) -> String? {
        endpoint.fixedPaths.isEmpty || endpoint == .asset ? site.loggedPaths.redacted(request.path) : nil
    }
}
