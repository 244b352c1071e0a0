import DeepLinkBytes
import DeepLinkRouting
import DeepLinkWire
import Foundation
import MicroHTTP

extension SiteHandler {
    /// `GET /resolve?url=URL[&state=STATE][&features=A,B][&appVersion=V]`. An answer about a route that is not secret is kept in the
    /// worker's cache from its second ask, and sent again for the same target.
    func resolve(_ request: HTTPRequest) -> Answer {
        let key = AnswerCache.Key(host: "", target: request.target)
        let cache = site.answerCaches[request.worker]
        if let cached = cache.response(for: key) {
            return Answer(.prepared(cached.response), endpoint: .resolve, outcomes: .one(.init("matched", route: cached.route, alias: cached.alias)))
        }
        let query: [(name: Substring, value: Substring)]
        switch queryItems(request) {
        case .success(let found): query = found
        case .failure(let error): return Answer(.response(error.response), endpoint: .resolve)
        }
        guard let url = query.first(where: { $0.name == "url" }).map({ String($0.value) }) else {
            return Answer(.response(JSONResponse.error(400, "missing query parameter 'url'")), endpoint: .resolve)
        }
        do {
            let state = query.first(where: { $0.name == "state" }).map { String($0.value) }
            var features: Set<String>?
            if let text = query.first(where: { $0.name == "features" })?.value {
                switch ResolveBatch.features(in: text) {
                case .success(let names): features = names
                case .failure(let error): return Answer(.response(error.response), endpoint: .resolve)
                }
            }
            var appVersion: AppVersion?
            if let text = query.first(where: { $0.name == "appVersion" })?.value {
                switch ResolveBatch.appVersion(in: String(text)) {
                case .success(let version): appVersion = version
                case .failure(let error): return Answer(.response(error.response), endpoint: .resolve)
                }
            }
            let result = try site.table.resolve(url, state: state, features: features, appVersion: appVersion)
            // Written in place, exactly sized; copied only when the answer is kept for a second ask.
            let response = site.wire.withJSON(of: result) { length, write in JSONResponse.written(200, length: length, write) }
            let label = result.outcome.label
            guard case .matched(let match) = result.outcome, !match.route.isSecret, cache.admits(key),
                let prepared = try? PreparedResponse(response.response)
            else {
                return Answer(.written(response), endpoint: .resolve, outcomes: .one(label))
            }
            cache.store(prepared, route: match.route.name, alias: label.alias, for: key)
            return Answer(.prepared(prepared), endpoint: .resolve, outcomes: .one(label))
        } catch {
            return Answer(.response(JSONResponse.error(400, error.description)), endpoint: .resolve)
        }
    }

    /// `POST /resolve` with `{"urls": [...], "state": ..., "features": [...], "appVersion": ...}`: at most 1000 URLs.
    func resolveBatch(_ request: HTTPRequest) -> Answer {
        let contentType = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard contentType == "application/json" else {
            return Answer(.response(JSONResponse.error(415, "send the batch as Content-Type: application/json")), endpoint: .resolve)
        }
        let batch: ResolveBatch
        switch ResolveBatch.decode(request.body) {
        case .success(let decoded): batch = decoded
        case .failure(let error): return Answer(.response(error.response), endpoint: .resolve)
        }
        do {
            try site.table.validate(state: batch.state, features: batch.features)
        } catch {
            return Answer(.response(JSONResponse.error(400, error.description)), endpoint: .resolve)
        }
        var writer = JSONWriter()
        var outcomes: [ResolveOutcomes.Outcome] = []
        outcomes.reserveCapacity(batch.urls.count)
        writer.beginObject()
        writer.beginArray("results")
        let answerLimit = ResolveBatch.answerLimit(requestBytes: request.body.count)
        for url in batch.urls {
            do {
                let result = try site.table.resolve(url, state: batch.state, features: batch.features, appVersion: batch.appVersion)
                site.wire.write(result, to: &writer)
                outcomes.append(result.outcome.label)
            } catch {
                return Answer(.response(JSONResponse.error(400, error.description)), endpoint: .resolve)
            }
            guard writer.byteCount <= answerLimit else {
                let message = "the answer would be more than \(answerLimit) bytes (8 times the request, plus 256 bytes a URL); send fewer URLs"
                return Answer(.response(JSONResponse.error(413, message)), endpoint: .resolve)
            }
        }
        writer.endArray()
        writer.endObject()
        // Copied once, into the body libmicrohttpd sends as it is.
        let body = JSONResponse.written(200, length: writer.byteCount) { $0.write(writer.bytes) }
        return Answer(.written(body), endpoint: .resolve, outcomes: .many(outcomes))
    }

    /// `GET /link?route=NAME&PARAM=VALUE...`.
    func link(_ request: HTTPRequest) -> Answer {
        var query: [String: String]
        switch queryItems(request) {
        case .success(let found): query = Dictionary(uniqueKeysWithValues: found.map { (String($0.name), String($0.value)) })
        case .failure(let error): return Answer(.response(error.response), endpoint: .link)
        }
        guard let route = query.removeValue(forKey: "route") else {
            return Answer(.response(JSONResponse.error(400, "missing query parameter 'route'")), endpoint: .link)
        }
        do {
            let links = try site.table.links(route: route, parameters: query)
            return Answer(.response(JSONResponse.body(200, Array(links.json.utf8))), endpoint: .link)
        } catch {
            return Answer(.response(JSONResponse.error(400, error.description)), endpoint: .link)
        }
    }

    /// The query items, decoded with the routing core's reader; a name given twice is refused, and so is an item
    /// without `=` (`&id`), which would read as an empty value: the command line refuses it as not NAME=VALUE.
    private func queryItems(_ request: HTTPRequest) -> Result<[(name: Substring, value: Substring)], APIError> {
        // A slice of the target after its `?` (`rawQuery` would copy it into a string of its own).
        let target = request.target
        let pathEnd = request.path.endIndex
        let rawQuery = pathEnd == target.endIndex ? "" : target[target.utf8.index(after: pathEnd)...]
        if let bare = QueryString.bareItem(in: rawQuery) {
            let name = bare.removingPercentEncoding ?? String(bare)
            return .failure(APIError(400, "query item '\(name)' has no '='; send \(name)=VALUE"))
        }
        let items: [(name: Substring, value: Substring)]
        do throws(PercentDecodingError) {
            items = try QueryString.items(in: rawQuery)
        } catch {
            return .failure(APIError(400, "the query is malformed: \(error)"))
        }
        // A few items (the usual case) are compared pairwise; many go through a set, so a long query stays linear.
        var seen = Set<Substring>()
        for (index, item) in items.enumerated() {
            let isRepeated = items.count <= 8 ? items[..<index].contains { $0.name == item.name } : !seen.insert(item.name).inserted
            if isRepeated { return .failure(APIError(400, "query parameter '\(item.name)' is given twice")) }
        }
        return .success(items)
    }
}
