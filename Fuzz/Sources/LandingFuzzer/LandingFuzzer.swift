import DeepLinkRouting
import Foundation
import FuzzSupport

@testable import DeepLinkServer
@testable import MicroHTTP

/// One fuzz input: lines `target`, `Host header`, `method`, `User-Agent header` (missing lines: no Host header, `GET`,
/// no User-Agent), sent to the request handler of the default site and of a site whose values may hold any character.
@main
enum LandingFuzzer {
    static func main() {
        Fuzzer.run(landingFuzzerTestOneInput)
    }
}

/// libFuzzer's callback; also exported under the name libFuzzer's own `main` object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
package func landingFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let lines = text(data, size).split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    var headers = HTTPHeaders()
    if lines.count > 1, !lines[1].isEmpty { headers.add(name: "Host", value: lines[1]) }
    if lines.count > 3, !lines[3].isEmpty { headers.add(name: "User-Agent", value: lines[3]) }
    let method = lines.count > 2 && !lines[2].isEmpty ? lines[2] : "GET"
    let request = HTTPRequest(method: method, target: lines.first ?? "", headers: headers, remoteAddress: "127.0.0.1")
    // The handler sees what MicroHTTP passes it: a request line MicroHTTP answers 400 (`GET *`, a method that is not
    // a token) never reaches it.
    guard RequestLine.problem(method: request.method, target: request.target, sentTargetLength: nil) == nil else { return 0 }
    for site in LandingSite.all { site.check(request) }
    return 0
}

/// A site, its handler, and the pages its landing routes give for plain values.
struct LandingSite: Sendable {
    let handler: SiteHandler
    /// The target of each landing route with a plain value: the reference targets given to `init`.
    let references: [String: String]

    static let all = [
        LandingSite(config: Repository.defaultConfigPath, references: ["/c/CH-42", "/m/AAAAAAAAAAAAAAAAAAAA", "/u/abcd"]),
        LandingSite(config: Repository.fuzzConfigPath("hostile.yaml"), references: ["/c/x", "/m/x", "/u/pre-x-post"]),
    ]

    init(config: String, references targets: [String]) {
        let site: Site
        do {
            site = try Site(configPath: config, publicDirectory: Repository.publicDirectory)
        } catch {
            fatalError("cannot load the site for \(config): \(error)")
        }
        handler = SiteHandler(site: site, metrics: ServerMetrics())
        var references: [String: String] = [:]
        for target in targets {
            guard case .matched(let match) = Self.outcome(of: HTTPRequest(method: "GET", target: target), in: site) else {
                fatalError("reference \(target) does not match in \(config)")
            }
            references[match.route.name] = target
        }
        self.references = references
    }

    /// Status, escaping and secrecy of the answer to `request`.
    func check(_ request: HTTPRequest) {
        let answer = handler.respond(to: request)
        let response = Self.response(of: answer)
        let body = String(decoding: response.body, as: UTF8.self)
        let endpoint = Endpoint.of(path: request.path)
        let described = "\(request.method) \(request.target.debugDescription) Host \(request.header("Host")?.debugDescription ?? "none")"
        if request.target == "*" {
            // `OPTIONS *`, the one method MicroHTTP lets through with this target: the server's own options.
            invariant(response.status == 200 && response.headers["Allow"] != nil, "\(described): status \(response.status), not the server's options")
            return
        }
        guard endpoint == .landing || endpoint == .notFound else {
            invariant([200, 304, 400, 404, 405, 413, 415].contains(response.status), "\(described): status \(response.status)")
            if endpoint.isAPI, response.headers["Content-Type"]?.hasPrefix("application/json") == true {
                _ = parsedObject(body, "the answer to \(described)")
            }
            return
        }
        let isReadMethod = request.method == "GET" || request.method == "HEAD"
        let outcome = Self.outcome(of: request, in: handler.site)
        let landing: RouteMatch? = if case .matched(let match) = outcome, match.route.landing != nil { match } else { nil }
        let expected = !isReadMethod ? 405 : landing == nil ? 404 : 200
        invariant(response.status == expected, "\(described): status \(response.status), expected \(expected)")
        invariant(response.headers["Content-Type"] == "text/html; charset=utf-8", "\(described): an HTML page")
        // The one script a page may have is the copy button's, on a page of a `copyLink: true` route, except on Android.
        let visitor = BrowserClass(userAgent: request.header("User-Agent"))
        let offersCopyLink = landing.flatMap { handler.site.landings[$0.routeIndex]?.offersCopyLink(to: visitor) } == true && isReadMethod
        let scripts = body.lowercased().components(separatedBy: "<script").count - 1
        invariant(scripts == (offersCopyLink ? 1 : 0), "\(described): the page has \(scripts) <script")
        invariant(!offersCopyLink || body.contains(#"<script src="/static/copy-link.js?v="#), "\(described): a script other than the copy button's")
        guard let landing, isReadMethod, let referenceTarget = references[landing.route.name] else { return }
        // The page of a plain value for the same browser: an in-app browser's has a way out of it.
        var referenceHeaders = HTTPHeaders()
        if let userAgent = request.header("User-Agent") { referenceHeaders.add(name: "User-Agent", value: userAgent) }
        let reference = Self.body(of: handler.respond(to: HTTPRequest(method: "GET", target: referenceTarget, headers: referenceHeaders)))
        let browser = BrowserClass(userAgent: request.header("User-Agent"))
        // The page comes from its compiled form (`CompiledPage`): it must be what the template renders in full.
        let site = handler.site
        let rendered = site.landings[landing.routeIndex].map { route in
            route.withPage(of: landing, in: site.wire, browser: browser, host: site.domain(of: request)) {
                String(decoding: site.pages.render(route, values: $0.values), as: UTF8.self)
            }
        }
        invariant(body == rendered, "\(described): the compiled page differs from the rendered one")
        if landing.route.isSecret {
            // An in-app browser's way out, or elsewhere the Open in the app link to the other host, carries the URL, token
            // included, in its link and nowhere else.
            let domains = site.table.domains
            let (shown, referenceShown) = (Self.withoutWayOut(body, domains: domains), Self.withoutWayOut(reference, domains: domains))
            let leaked = landing.parameters.filter { !$0.value.isEmpty && shown.contains($0.value) && !referenceShown.contains($0.value) }
            invariant(leaked.isEmpty, "\(described): the secret page shows \(leaked.map(\.name))")
            invariant(shown == referenceShown, "\(described): the secret page depends on the URL")
            invariant(response.headers["Cache-Control"] == "no-store", "\(described): a secret page may be stored")
        }
        for markup in ["<", ">", "\"", "'"] {
            let count = body.utf8.count { $0 == markup.utf8.first }
            let expectedCount = reference.utf8.count { $0 == markup.utf8.first }
            invariant(count == expectedCount, "\(described): \(count) \(markup) where the plain page has \(expectedCount); a value is not escaped")
        }
    }

    /// What the handler resolves for a landing request (see `SiteHandler.landing`).
    static func outcome(of request: HTTPRequest, in site: Site) -> ResolveOutcome? {
        let table = site.table
        guard request.target.hasPrefix("/"), let domain = table.domains.first else { return nil }
        let host = request.hostName.flatMap { table.domains.contains($0) ? $0 : nil } ?? domain
        return table.resolve("https://" + host + request.target)
    }

    /// `page` without the link of its way out of an in-app browser (`href="x-safari-…"` or `href="intent://…"`) and
    /// without its links to one of `domains` (the Open in the app link, to the same page on the other host).
    static func withoutWayOut(_ page: String, domains: [String]) -> String {
        var page = Substring(page)
        var kept = ""
        let starts = [#"href="x-safari-"#, #"href="intent://"#] + domains.map { #"href="https://"# + $0 + "/" }
        while let start = starts.compactMap({ page.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            kept += page[..<start.lowerBound]
            page = page[start.upperBound...]
            guard let end = page.firstIndex(of: "\"") else { return kept }
            page = page[page.index(after: end)...]
        }
        return kept + page
    }

    static func response(of answer: Answer) -> HTTPResponse {
        switch answer.reply {
        case .response(let response): response
        case .prepared(let prepared): prepared.response
        case .written(let written): written.response
        }
    }

    static func body(of answer: Answer) -> String {
        String(decoding: response(of: answer).body, as: UTF8.self)
    }
}
