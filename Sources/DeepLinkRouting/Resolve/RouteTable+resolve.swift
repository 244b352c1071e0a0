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
        let path: [Substring]
        let query: [(name: Substring, value: Substring)]
        do throws(PercentDecodingError) {
            path = try parsed.routingComponents(includingHost: channel.kind == "app")
            query = try parsed.queryItems()
        } catch {
            return .unmatched(.init(.malformedURL, "URL has \(error)"))
        }
        return match(path: path, query: query, channel: channel, rawPath: parsed.path)
    }

    private func channel(of url: LinkURL) -> Result<Channel, Unmatched> {
        let scheme = url.scheme.lowercased()
        if scheme == "https" {
            guard let host = url.host?.lowercased(), domains.contains(host) else {
                let host = url.host.map { "'\($0)'" } ?? "(none)"
                return .failure(.init(.foreignHost, "host \(host) is not one of the configured domains (\(domains.joined(separator: ", ")))"))
            }
            return .success(.universal(host: host))
        }
        guard schemes.contains(scheme) else {
            let allowed = (["https"] + schemes).joined(separator: ", ")
            return .failure(.init(.unsupportedScheme, "scheme '\(url.scheme)' is not one of \(allowed)"))
        }
        return .success(.app(scheme: scheme))
    }

    private func match(path: [Substring], query: [(name: Substring, value: Substring)], channel: Channel, rawPath: Substring) -> ResolveOutcome {
        let candidates = index.candidates(for: path)
        let tiered = candidates.compactMap { index in channel.tier(of: routes[index].scopes).map { (tier: $0, index: index) } }
            .sorted { ($0.tier, $0.index) < ($1.tier, $1.index) }
        var firstFailure: Unmatched?
        for candidate in tiered {
            let route = routes[candidate.index]
            guard let captures = route.pattern.match(path) else { continue }
            switch route.bind(captures, query: query) {
            case .success(let parameters):
                let wildcards = captures.wildcards.map { $0.map(String.init) }
                return .matched(RouteMatch(route: route, parameters: parameters, channel: channel, wildcards: wildcards))
            case .failure(let failure):
                if firstFailure == nil { firstFailure = failure }
            }
        }
        if let firstFailure { return .unmatched(firstFailure) }
        if let blocked = candidates.first(where: { channel.tier(of: routes[$0].scopes) == nil }).map({ routes[$0] }) {
            let scopes = blocked.scopes.map(\.description).joined(separator: ", ")
            return .unmatched(
                Unmatched(
                    reason: .channelNotAllowed, detail: "route '\(blocked.name)' cannot be opened from \(channel.displayName) (its scopes: \(scopes))",
                    route: blocked.name, parameter: nil))
        }
        let shown = rawPath.isEmpty ? "/" : String(rawPath)
        return .unmatched(.init(.noRoute, "no route matches the path '\(shown)'"))
    }
}

extension Route {
    /// The declared parameters' values from the path captures and the query (last value wins; the path overrides).
    func bind(_ captures: PathCaptures, query: [(name: Substring, value: Substring)]) -> Result<[(name: String, value: String)], Unmatched> {
        var values: [(name: String, value: String)] = []
        values.reserveCapacity(parameters.count)
        for parameter in parameters {
            let value =
                parameter.isInPath
                ? captures.parameters.first { $0.name == parameter.name }?.value
                : query.last { $0.name.utf8.elementsEqual(parameter.name.utf8) }?.value
            guard let value else {
                if parameter.rule.isRequired { return .failure(failure(parameter, .missing)) }
                continue
            }
            if let violation = parameter.rule.validate(value) { return .failure(failure(parameter, violation)) }
            values.append((parameter.name, String(value)))
        }
        return .success(values)
    }

    private func failure(_ parameter: Parameter, _ violation: ParameterViolation) -> Unmatched {
        let kind = parameter.isInPath ? "parameter" : "query parameter"
        return Unmatched(
            reason: .invalidParameter, detail: "route '\(name)': \(kind) '\(parameter.name)' \(violation)",
            route: name, parameter: parameter.name)
    }
}

extension Unmatched {
    init(_ reason: UnmatchedReason, _ detail: String) {
        self.init(reason: reason, detail: detail, route: nil, parameter: nil)
    }
}
