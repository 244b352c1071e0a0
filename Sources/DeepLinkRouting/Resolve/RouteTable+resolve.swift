import DeepLinkBytes

extension RouteTable {
    /// The longest URL resolved, in UTF-8 bytes.
    public static let maximumURLLength = 4096

    /// Resolves `url`: the first route, in precedence order, whose pattern matches and whose parameters validate.
    ///
    /// The hot path works on the URL's UTF-8 bytes and allocates only the matched parameters: components and
    /// decoded values live in stack buffers, the index is searched in place, and candidates are validated without
    /// building their values.
    public func resolve(_ url: String) -> ResolveOutcome {
        let length = url.utf8.count
        if length > Self.maximumURLLength { return Self.tooLong(length) }
        do throws(URLSyntaxError) {
            return try url.withUTF8Bytes { bytes throws(URLSyntaxError) in resolve(bytes, try URLRanges(bytes)) }
        } catch {
            return .unmatched(.init(.malformedURL, error.description))
        }
    }

    /// Resolves the URL `https://HOST` followed by `target`, a request target (path and query, as an HTTP request
    /// line gives it): the outcome of `resolve(_:)` on that URL, without building it as a string first.
    public func resolve(host: String, target: String) -> ResolveOutcome {
        let length = 8 + host.utf8.count + target.utf8.count
        if length > Self.maximumURLLength { return Self.tooLong(length) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            var writer = ByteWriter(buffer)
            writer.write("https://")
            writer.write(string: host)
            writer.write(string: target)
            let bytes = Bytes(rebasing: buffer[..<writer.count])
            do throws(URLSyntaxError) {
                return resolve(bytes, try URLRanges(bytes))
            } catch {
                return .unmatched(.init(.malformedURL, error.description))
            }
        }
    }

    /// The longest part of a URL a detail quotes, in bytes.
    static let excerptLength = 128

    /// `bytes` as text for a detail, cut after `excerptLength` bytes with their full length named: a detail explains,
    /// and an answer that echoes every URL of a batch in full twice would be twice the size it needs to be.
    static func excerpt(_ bytes: some Collection<UInt8>) -> String {
        guard bytes.count > excerptLength else { return String(decoding: bytes, as: UTF8.self) }
        var end = excerptLength
        let array = Array(bytes)
        while end > 0, array[end] & 0xC0 == 0x80 { end -= 1 }  // not in the middle of a character
        return String(decoding: array[..<end], as: UTF8.self) + "…(\(bytes.count) bytes)"
    }

    private static func tooLong(_ length: Int) -> ResolveOutcome {
        .unmatched(.init(.tooLong, "URL is \(length) bytes; the limit is \(Self.maximumURLLength)"))
    }

    private func resolve(_ bytes: Bytes, _ url: URLRanges) -> ResolveOutcome {
        func part(_ range: Range<Int>) -> Bytes { Bytes(rebasing: bytes[range]) }
        let channel: Channel
        switch self.channel(scheme: part(url.scheme), host: url.host.map(part)) {
        case .success(let found): channel = found
        case .failure(let unmatched): return .unmatched(unmatched)
        }
        let host = channel.kind == "app" ? url.host.flatMap { $0.isEmpty ? nil : part($0) } : nil
        if let host, URLRanges.isDotSegment(host) { return .unmatched(.init(.malformedURL, URLSyntaxError.dotSegment.description)) }
        let path = part(url.path)
        let query = url.query.map(part) ?? Bytes(start: nil, count: 0)
        do throws(PercentDecodingError) {
            if let host { try PercentEncoding.validate(host) }
            try PercentEncoding.validate(path)
            try PercentEncoding.validate(query)
        } catch {
            return .unmatched(.init(.malformedURL, "URL has \(error)"))
        }
        var count = host == nil ? 0 : 1
        for _ in BytePieces(path, separator: UInt8(ascii: "/")) { count += 1 }
        return withUnsafeTemporaryAllocation(of: Bytes.self, capacity: count) { components in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 2) { scratch in
                guard let scratch = scratch.baseAddress else { return .unmatched(.init(.noRoute, "no route matches the path '/'")) }
                var decoded = 0
                // Decoded components take the first half of the scratch space, one query value the second half.
                func add(_ piece: Bytes, at position: Int) {
                    var component = piece
                    if piece.contains(UInt8(ascii: "%")) {
                        component = PercentEncoding.decode(piece, into: scratch + decoded)
                        decoded += component.count
                    }
                    components.initializeElement(at: position, to: component)
                }
                var position = 0
                if let host {
                    add(host, at: 0)
                    position = 1
                }
                for piece in BytePieces(path, separator: UInt8(ascii: "/")) {
                    add(piece, at: position)
                    position += 1
                }
                let request = SearchRequest(path: UnsafeBufferPointer(components), query: query, scratch: scratch + bytes.count)
                return match(request, channel: channel, rawHost: host, rawPath: path)
            }
        }
    }

    private func channel(scheme: Bytes, host: Bytes?) -> Result<Channel, Unmatched> {
        if scheme.equalsLowercased("https") {
            guard let host, let domain = domains.first(where: { host.equalsLowercased($0) }) else {
                let shown = host.map { "'\(Self.excerpt($0))'" } ?? "(none)"
                return .failure(.init(.foreignHost, "host \(shown) is not one of the configured domains (\(domains.joined(separator: ", ")))"))
            }
            return .success(.universal(host: domain))
        }
        guard let match = schemes.first(where: { scheme.equalsLowercased($0) }) else {
            let allowed = (["https"] + schemes).joined(separator: ", ")
            return .failure(.init(.unsupportedScheme, "scheme '\(Self.excerpt(scheme))' is not one of \(allowed)"))
        }
        return .success(.app(scheme: match))
    }

    /// Finds the winner among the index's candidates (every pattern of every route, `entries`): lowest (tier, table
    /// position, pattern) whose parameters validate.
    /// `rawHost` is the host that a custom-scheme URL reads as its first path component, or nil.
    private func match(_ request: SearchRequest, channel: Channel, rawHost: Bytes?, rawPath: Bytes) -> ResolveOutcome {
        var winner: (tier: Int, route: Int)?
        var failure: (tier: Int, route: Int, unmatched: Unmatched)?
        var blocked: Int?
        let routes = entries
        routes.withUnsafeBufferPointer { routes in
            index.search(request.path) { candidate in
                guard let tier = channel.tier(of: routes[candidate].scopes) else {
                    blocked = min(blocked ?? candidate, candidate)
                    return
                }
                if let winner, (winner.tier, winner.route) < (tier, candidate) { return }
                if let violation = routes[candidate].firstViolation(in: request) {
                    if failure.map({ (tier, candidate) < ($0.tier, $0.route) }) ?? true {
                        failure = (tier, candidate, routes[candidate].unmatched(violation.parameter, violation.violation))
                    }
                } else {
                    winner = (tier, candidate)
                }
            }
        }
        if let winner {
            let form = routes[winner.route]
            let position = entryRoutes[winner.route]
            let wildcards =
                form.pattern.hasWildcards
                ? form.pattern.match(request.path.map { Substring(String(decoding: $0, as: UTF8.self)) })?.wildcards.map { $0.map(String.init) } ?? [] : []
            return .matched(
                RouteMatch(
                    route: self.routes[position], routeIndex: position, parameters: form.values(in: request), channel: channel,
                    via: form.isAlias ? form.pattern : nil, wildcards: wildcards))
        }
        if let failure { return .unmatched(failure.unmatched) }
        if let blocked {
            let route = routes[blocked]
            let scopes = route.scopes.map(\.description).joined(separator: ", ")
            return .unmatched(
                Unmatched(
                    reason: .channelNotAllowed, detail: "route '\(route.name)' cannot be opened from \(channel.displayName) (its scopes: \(scopes))",
                    route: route.name, parameter: nil))
        }
        // A custom-scheme URL's path is its host and path (`expchg://c/42` is `c/42`), so that is what was tried.
        let tried = (rawHost.map { String(decoding: $0, as: UTF8.self) } ?? "") + String(decoding: rawPath, as: UTF8.self)
        let shown = tried.isEmpty ? "/" : Self.excerpt(Array(tried.utf8))
        return .unmatched(.init(.noRoute, "no route matches the path '\(shown)'"))
    }
}

extension Unmatched {
    init(_ reason: UnmatchedReason, _ detail: String) {
        self.init(reason: reason, detail: detail, route: nil, parameter: nil)
    }
}
