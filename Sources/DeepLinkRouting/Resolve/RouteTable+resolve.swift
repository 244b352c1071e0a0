extension RouteTable {
    /// The longest URL resolved, in UTF-8 bytes.
    public static let maximumURLLength = 4096

    /// Resolves `url` as the app would, and says what the app does in `state` when one is given.
    public func resolve(_ url: String, state: String?) throws(UnknownStateError) -> ResolveResult {
        if let state, !states.contains(state) { throw UnknownStateError(state: state, known: states) }
        let outcome = resolve(url)
        guard let state, case .matched(let match) = outcome else { return ResolveResult(url: url, outcome: outcome, action: nil) }
        let isAdmitted = match.route.gate.map { gates[$0]?.contains(state) ?? false } ?? true
        return ResolveResult(url: url, outcome: outcome, action: isAdmitted ? .dispatch : .ignore)
    }

    /// Resolves `url`: the first route, in precedence order, whose pattern matches and whose parameters validate.
    ///
    /// The hot path allocates only the matched parameters: the path's components live in a stack buffer, the
    /// index is searched in place, and candidates are validated without building their values.
    public func resolve(_ url: String) -> ResolveOutcome {
        let length = url.utf8.count
        if length > Self.maximumURLLength {
            return .unmatched(.init(.tooLong, "URL is \(length) bytes; the limit is \(Self.maximumURLLength)"))
        }
        let parsed: LinkURL
        do throws(URLSyntaxError) {
            parsed = try LinkURL(parsing: url)
        } catch {
            return .unmatched(.init(.malformedURL, error.description))
        }
        let channel: Channel
        switch self.channel(of: parsed) {
        case .success(let found): channel = found
        case .failure(let unmatched): return .unmatched(unmatched)
        }
        let hostComponent = channel.kind == "app" ? parsed.host.flatMap { $0.isEmpty ? nil : $0 } : nil
        do throws(PercentDecodingError) {
            try hostComponent?.validatePercentEncoding()
            try parsed.path.validatePercentEncoding()
            try parsed.query?.validatePercentEncoding()
        } catch {
            return .unmatched(.init(.malformedURL, "URL has \(error)"))
        }
        var count = hostComponent == nil ? 0 : 1
        for _ in Pieces(parsed.path, separator: UInt8(ascii: "/")) { count += 1 }
        return withUnsafeTemporaryAllocation(of: Substring.self, capacity: count) { buffer in
            var filled = 0
            if let hostComponent {
                buffer.initializeElement(at: 0, to: hostComponent.decodedForMatching)
                filled = 1
            }
            for piece in Pieces(parsed.path, separator: UInt8(ascii: "/")) {
                buffer.initializeElement(at: filled, to: piece.decodedForMatching)
                filled += 1
            }
            defer { _ = buffer.deinitialize() }
            let search = SearchRequest(path: UnsafeBufferPointer(buffer), query: parsed.query ?? "", channel: channel)
            return match(search, rawPath: parsed.path)
        }
    }

    private func channel(of url: LinkURL) -> Result<Channel, Unmatched> {
        if url.scheme.equalsLowercased("https") {
            guard let host = url.host, let domain = domains.first(where: { host.equalsLowercased($0) }) else {
                let host = url.host.map { "'\($0)'" } ?? "(none)"
                return .failure(.init(.foreignHost, "host \(host) is not one of the configured domains (\(domains.joined(separator: ", ")))"))
            }
            return .success(.universal(host: domain))
        }
        guard let scheme = schemes.first(where: { url.scheme.equalsLowercased($0) }) else {
            let allowed = (["https"] + schemes).joined(separator: ", ")
            return .failure(.init(.unsupportedScheme, "scheme '\(url.scheme)' is not one of \(allowed)"))
        }
        return .success(.app(scheme: scheme))
    }

    /// Finds the winner among the index's candidates: lowest (tier, table position) whose parameters validate.
    private func match(_ request: SearchRequest, rawPath: Substring) -> ResolveOutcome {
        var winner: (tier: Int, route: Int)?
        var failure: (tier: Int, route: Int, unmatched: Unmatched)?
        var blocked: Int?
        index.search(request.path) { candidate in
            let route = routes[candidate]
            guard let tier = request.channel.tier(of: route.scopes) else {
                blocked = min(blocked ?? candidate, candidate)
                return
            }
            if let winner, (winner.tier, winner.route) < (tier, candidate) { return }
            if let violation = route.firstViolation(in: request) {
                if failure.map({ (tier, candidate) < ($0.tier, $0.route) }) ?? true {
                    failure = (tier, candidate, route.unmatched(violation.parameter, violation.violation))
                }
            } else {
                winner = (tier, candidate)
            }
        }
        if let winner {
            let route = routes[winner.route]
            let wildcards = route.pattern.hasWildcards ? route.pattern.match(Array(request.path))?.wildcards.map { $0.map(String.init) } ?? [] : []
            return .matched(RouteMatch(route: route, parameters: route.values(in: request), channel: request.channel, wildcards: wildcards))
        }
        if let failure { return .unmatched(failure.unmatched) }
        if let blocked {
            let route = routes[blocked]
            let scopes = route.scopes.map(\.description).joined(separator: ", ")
            return .unmatched(
                Unmatched(
                    reason: .channelNotAllowed, detail: "route '\(route.name)' cannot be opened from \(request.channel.displayName) (its scopes: \(scopes))",
                    route: route.name, parameter: nil))
        }
        let shown = rawPath.isEmpty ? "/" : String(rawPath)
        return .unmatched(.init(.noRoute, "no route matches the path '\(shown)'"))
    }
}

/// One resolve in progress: the decoded path components, the raw query and the channel.
struct SearchRequest {
    let path: UnsafeBufferPointer<Substring>
    let query: Substring
    let channel: Channel

    /// The raw value of the last query item named `name` (last value wins), or nil.
    func queryValue(named name: String) -> Substring? {
        var found: Substring?
        for item in Pieces(query, separator: UInt8(ascii: "&")) {
            let equals = item.utf8.firstIndex(of: UInt8(ascii: "="))
            guard item[..<(equals ?? item.endIndex)].percentDecodedEquals(name) else { continue }
            found = equals.map { item[item.utf8.index(after: $0)...] } ?? ""
        }
        return found
    }
}

extension Route {
    /// The first declared parameter, in declaration order, whose value breaks its rule; nil when all validate.
    func firstViolation(in request: SearchRequest) -> (parameter: Parameter, violation: ParameterViolation)? {
        for parameter in parameters {
            guard let value = value(of: parameter, in: request) else {
                if parameter.rule.isRequired { return (parameter, .missing) }
                continue
            }
            if let violation = parameter.rule.validate(value) { return (parameter, violation) }
        }
        return nil
    }

    /// The declared parameters present, decoded, in declaration order (path parameters override the query).
    func values(in request: SearchRequest) -> [(name: String, value: String)] {
        var values: [(name: String, value: String)] = []
        values.reserveCapacity(parameters.count)
        for parameter in parameters {
            guard let value = value(of: parameter, in: request) else { continue }
            values.append((parameter.name, String(value)))
        }
        return values
    }

    /// The decoded value: path components were decoded once when the path was split; a query value is decoded here.
    private func value(of parameter: Parameter, in request: SearchRequest) -> Substring? {
        guard let position = parameter.component else { return request.queryValue(named: parameter.name)?.decodedForMatching }
        guard case .parameter(_, let prefix, let suffix) = pattern.components[position] else { return nil }
        return request.path[position].between(prefix: prefix, suffix: suffix)
    }

    func unmatched(_ parameter: Parameter, _ violation: ParameterViolation) -> Unmatched {
        let kind = parameter.isInPath ? "parameter" : "query parameter"
        return Unmatched(
            reason: .invalidParameter, detail: "route '\(name)': \(kind) '\(parameter.name)' \(violation)", route: name, parameter: parameter.name)
    }
}

extension Substring {
    /// The text percent-decoded once; its escapes were validated before, so decoding cannot fail.
    var decodedForMatching: Substring {
        (try? percentDecoded()) ?? self
    }
}

extension Unmatched {
    init(_ reason: UnmatchedReason, _ detail: String) {
        self.init(reason: reason, detail: detail, route: nil, parameter: nil)
    }
}
