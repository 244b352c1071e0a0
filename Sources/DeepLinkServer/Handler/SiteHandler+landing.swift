import DeepLinkRouting
import MicroHTTP

extension SiteHandler {
    /// A landing page: the request is resolved by the route table exactly as the app would resolve the same URL.
    /// Pages of routes that are not secret are kept in the worker's cache from their second ask, and sent again for the
    /// same target and browser class (an in-app browser's page offers a way out of it, `BrowserClass`).
    func landing(_ request: HTTPRequest) -> Answer {
        // A Host that is not a configured domain gets the first one, so with one domain Host is not even read.
        guard request.target.utf8.first == UInt8(ascii: "/"), let host = site.domain(of: request) else {
            return notFound(request)
        }
        let browser = BrowserClass(userAgent: request.header("User-Agent"))
        let key = AnswerCache.Key(host: host, target: request.target, browser: browser)
        let cache = site.answerCaches[request.worker]
        if let cached = cache.response(for: key) {
            return Answer(
                .prepared(cached.response), endpoint: .landing, outcomes: .one(.init("matched", route: cached.route, alias: cached.alias)),
                opened: cached.route, on: host)
        }
        let outcome = site.table.resolve(on: .universal(host: host), target: request.target)
        guard case .matched(let match) = outcome, let landing = site.landings[match.routeIndex] else {
            var answer = notFound(request)
            answer.outcomes = .one(outcome.label)
            return answer
        }
        let route = match.route.name
        let label = outcome.label
        let matched = ResolveOutcomes.one(label)
        let compiled = site.compiledPages[request.worker]
        let body = landing.withPage(of: match, in: site.wire, browser: browser, host: host) { site.pages.body(of: $0, landing, compiled: compiled) }
        let headers = PageHeaders.landing(isSecret: landing.isSecret, offersCopyLink: landing.offersCopyLink(to: browser))
        guard !landing.isSecret else {
            return Answer(
                .written(WrittenResponse(status: 200, headers: headers, body: body)), endpoint: .landing,
                loggedPath: site.loggedPaths.redacted(request.path), outcomes: matched, opened: route, on: host)
        }
        // Kept from its second ask on: a page asked for once is sent as a one-off answer, its body without a copy.
        guard cache.admits(key), let page = try? PreparedResponse(HTTPResponse(status: 200, headers: headers, body: body.bytes)) else {
            return Answer(.written(WrittenResponse(status: 200, headers: headers, body: body)), endpoint: .landing, outcomes: matched, opened: route, on: host)
        }
        cache.store(page, route: route, alias: label.alias, for: key)
        return Answer(.prepared(page), endpoint: .landing, outcomes: matched, opened: route, on: host)
    }
}

extension ResolveOutcome {
    /// `matched` or the reason, and the route concerned, as metrics label them.
    var label: ResolveOutcomes.Outcome {
        switch self {
        case .matched(let match): .init("matched", route: match.route.name, alias: match.via?.description ?? "")
        case .unmatched(let unmatched): .init(unmatched.reason.rawValue, route: unmatched.route ?? "")
        }
    }
}
