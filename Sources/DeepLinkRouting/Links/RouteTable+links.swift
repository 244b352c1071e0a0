import DeepLinkBytes

extension RouteTable {
    /// Builds the links for an intent: a route name and its parameter values, each validated.
    ///
    /// ```swift
    /// let links = try table.links(route: "charger", parameters: ["id": "CH-42"])
    /// // links.universal == "https://links.example.com/c/CH-42", links.app == "expchg://c/CH-42"
    /// ```
    ///
    /// - Parameters:
    ///   - name: The route's name, as in the table.
    ///   - parameters: A value for each parameter to write, by name; a query parameter left out is not written.
    /// - Returns: The canonical Universal Link and custom-scheme link, each nil where no domain or scheme may open the
    ///   route.
    /// - Throws: ``LinkError`` naming an unknown route or parameter, a missing or invalid value, a value that would
    ///   make a `.` or `..` path segment, or a route with `*` or `**`.
    public func links(route name: String, parameters: [String: String]) throws(LinkError) -> Links {
        guard let index = position(ofRoute: name) else { throw .unknownRoute(name, known: routes.map(\.name)) }
        let route = routes[index]
        guard !route.pattern.hasWildcards else { throw .wildcardRoute(name) }
        if let unknown = parameters.keys.sorted().first(where: { route.parameter(named: $0) == nil }) {
            throw .unknownParameter(route: name, parameter: unknown, known: route.parameters.map(\.name))
        }
        for parameter in route.parameters {
            guard let value = parameters[parameter.name] else {
                if parameter.rule.isRequired { throw .missingParameter(route: name, parameter: parameter.name) }
                continue
            }
            if let violation = parameter.rule.validate(value[...]) {
                throw .invalidParameter(route: name, parameter: parameter.name, violation)
            }
            if let position = parameter.component, case .parameter(_, let prefix, let suffix) = route.pattern.components[position] {
                let segment = prefix + value + suffix
                if segment == "." || segment == ".." { throw .dotSegment(route: name, parameter: parameter.name, segment: segment) }
            }
        }
        return links(for: route, value: { parameters[$0] }, wildcards: [])
    }

    /// The canonical links of a matched URL: the same intent written on the route's first domain and scheme.
    package func links(for match: RouteMatch) -> Links {
        links(for: match.route, value: { match.value(of: $0) }, wildcards: match.wildcards)
    }

    /// The links: each origin followed by the same path and query, written once into bytes.
    private func links(for route: Route, value: (String) -> String?, wildcards: [[String]]) -> Links {
        let origins = LinkOrigins(of: route, domains: domains, schemes: schemes)
        guard origins.universal != nil || origins.app != nil else { return Links(universal: nil, app: nil) }
        return withLinkTail(of: route, value: value, wildcards: wildcards) { tail in
            Links(universal: origins.universal.map { $0.joined(with: tail) }, app: origins.app.map { $0.joined(with: tail) })
        }
    }

    /// Calls `body` with the path and query every canonical link of `route` writes after its origin, in temporary
    /// memory: `value` gives each parameter's value, `wildcards` what each `*` and `**` took.
    package func withLinkTail<Result>(
        of route: Route, value: (String) -> String?, wildcards: [[String]], _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        // Every byte of a value or literal may become three; `/`, `?`, `&` and `=` add one each at most.
        var capacity = 1
        for component in route.pattern.components {
            switch component {
            case .literal(let text): capacity += 3 * text.utf8.count + 1
            case .parameter(let name, let prefix, let suffix):
                capacity += 3 * (prefix.utf8.count + (value(name)?.utf8.count ?? 0) + suffix.utf8.count) + 1
            case .wildcard, .rest: break
            }
        }
        for piece in wildcards.joined() { capacity += 3 * piece.utf8.count + 1 }
        for parameter in route.parameters where !parameter.isInPath {
            capacity += 3 * (parameter.name.utf8.count + (value(parameter.name)?.utf8.count ?? 0)) + 2
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = ByteWriter(buffer)
            route.pattern.render(value: value, wildcards: wildcards, into: &writer)
            var separator = UInt8(ascii: "?")
            for parameter in route.parameters where !parameter.isInPath {
                guard let parameterValue = value(parameter.name) else { continue }
                writer.write(separator)
                writer.writePercentEncoded(parameter.name)
                writer.write(UInt8(ascii: "="))
                writer.writePercentEncoded(parameterValue)
                separator = UInt8(ascii: "&")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }
}

/// The fixed starts of a route's canonical links.
package struct LinkOrigins: Sendable {
    /// `https://DOMAIN/` on the first domain that may open the route.
    package let universal: String?
    /// `SCHEME://` on the first scheme that may open the route.
    package let app: String?

    /// The origins of `route` on the first of `domains` and of `schemes` its scopes open it on.
    package init(of route: Route, domains: [String], schemes: [String]) {
        universal = domains.first { Channel.universal(host: $0).tier(of: route.scopes) != nil }.map { "https://\($0)/" }
        app = schemes.first { Channel.app(scheme: $0).tier(of: route.scopes) != nil }.map { "\($0)://" }
    }
}

extension PathPattern {
    /// Writes the path (without a leading `/`), each component percent-encoded, parameters and wildcards filled in.
    func render(value: (String) -> String?, wildcards: [[String]], into writer: inout ByteWriter) {
        var nextWildcard = wildcards.makeIterator()
        var isFirst = true
        func separate() {
            if !isFirst { writer.write(UInt8(ascii: "/")) }
            isFirst = false
        }
        for component in components {
            switch component {
            case .literal(let text):
                separate()
                writer.writePercentEncoded(text)
            case .parameter(let name, let prefix, let suffix):
                separate()
                writer.writePercentEncoded(prefix)
                writer.writePercentEncoded(value(name) ?? "")
                writer.writePercentEncoded(suffix)
            case .wildcard, .rest:
                for piece in nextWildcard.next() ?? [] {
                    separate()
                    writer.writePercentEncoded(piece)
                }
            }
        }
    }
}

extension String {
    /// This string followed by the UTF-8 bytes `tail`, in one allocation.
    fileprivate func joined(with tail: UnsafeBufferPointer<UInt8>) -> String {
        var head = self
        return head.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + tail.count) { output in
                var writer = ByteWriter(output)
                writer.write(head)
                writer.write(tail)
                return writer.count
            }
        }
    }
}
