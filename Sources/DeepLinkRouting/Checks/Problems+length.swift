import DeepLinkBytes

extension Problems {
    /// Reports a route whose shortest URL (literals, each path parameter and each required query parameter at its
    /// `min`, on its longest origin) is longer than `RouteTable.maximumURLLength`: the AASA would claim URLs the
    /// resolver refuses, and `link` would build links that do not resolve back.
    mutating func checkLength(of route: Route, domains: [String], schemes: [String], label: String) {
        guard !isVouched else { return }
        // `https://HOST/` and `SCHEME://` start the links.
        let origins =
            domains.map { (Channel.universal(host: $0), 9 + $0.utf8.count) } + schemes.map { (Channel.app(scheme: $0), $0.utf8.count + 3) }
        guard let (channel, originLength) = origins.filter({ $0.0.tier(of: route.scopes) != nil }).max(by: { $0.1 < $1.1 }) else { return }
        let length = originLength + route.shortestPathAndQuery
        guard length > RouteTable.maximumURLLength else { return }
        error(
            route.line,
            "\(label): its shortest URL is \(length) bytes on \(channel.displayName) (literals and every required parameter at its min), longer than the \(RouteTable.maximumURLLength) bytes deeplinkd resolves"
        )
    }
}

extension Route {
    /// The length in bytes of the shortest path and query that match: literals percent-encoded, each parameter and
    /// required query parameter at its minimum length in its cheapest character, `*` one byte, `**` nothing.
    var shortestPathAndQuery: Int {
        var components = 0
        var length = 0
        for component in pattern.components {
            switch component {
            case .literal(let text):
                length += text.percentEncodedLength
            case .parameter(let name, let prefix, let suffix):
                let rule = parameter(named: name)?.rule
                length += prefix.percentEncodedLength + suffix.percentEncodedLength + (rule.map { $0.minimumLength * $0.charset.cheapestEncodedLength } ?? 0)
            case .wildcard:
                length += 1
            case .rest:
                continue
            }
            components += 1
        }
        length += max(0, components - 1)
        for parameter in parameters where !parameter.isInPath && parameter.rule.isRequired {
            length += 2 + parameter.name.percentEncodedLength + parameter.rule.minimumLength * parameter.rule.charset.cheapestEncodedLength
        }
        return length
    }
}

extension String {
    /// How many bytes the string takes percent-encoded as a link writes it.
    var percentEncodedLength: Int {
        PercentEncoding.encodedLength(self)
    }
}

extension CharacterClass {
    /// The fewest bytes one character of the class takes percent-encoded: 1 for an unreserved ASCII character, 3 for
    /// other ASCII, 3 per UTF-8 byte beyond.
    var cheapestEncodedLength: Int {
        var cheapest = Int.max
        for value in UInt8(0)...UInt8(127) where contains(Unicode.Scalar(value)) {
            cheapest = min(cheapest, ASCIISet.unreserved.contains(value) ? 1 : 3)
            if cheapest == 1 { return 1 }
        }
        if cheapest == 3 { return 3 }
        for range in ranges where range.upperBound >= 0x80 {
            let lowest = max(range.lowerBound, 0x80)
            if let scalar = Unicode.Scalar(lowest) ?? (range.contains(0xE000) ? Unicode.Scalar(0xE000) : nil) {
                return 3 * UTF8.width(scalar)
            }
        }
        return 1
    }
}
