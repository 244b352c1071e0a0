import DeepLinkBytes
package import DeepLinkRouting

extension Route {
    /// A URL this route takes on `host`, percent-encoded, split as an AASA matcher reads it: every path parameter and
    /// required query parameter at its minimum length (at least one character) in the first plain character its
    /// charset allows, `x` for `*` and `**`. Nil when a charset allows no character that can be written.
    package func sample(on host: String) -> (url: String, path: String, query: String?)? {
        var path = ""
        for component in pattern.components {
            path += "/"
            switch component {
            case .literal(let text): path += text.percentEncodedForPath
            case .wildcard, .rest: path += "x"
            case .parameter(let name, let prefix, let suffix):
                guard let value = parameter(named: name).flatMap(\.sampleValue) else { return nil }
                path += prefix.percentEncodedForPath + value.percentEncodedForPath + suffix.percentEncodedForPath
            }
        }
        if path.isEmpty { path = "/" }
        var items: [String] = []
        for parameter in parameters where !parameter.isInPath && parameter.rule.isRequired {
            guard let value = parameter.sampleValue else { return nil }
            items.append(parameter.name.percentEncodedForPath + "=" + value.percentEncodedForPath)
        }
        let query = items.isEmpty ? nil : items.joined(separator: "&")
        return ("https://" + host + path + (query.map { "?" + $0 } ?? ""), path, query)
    }
}

extension Route.Parameter {
    /// The first of a few plain characters (then any visible ASCII, then Latin) the charset allows, repeated to the
    /// minimum length; `.` and `..` alone are avoided (browsers remove such segments).
    var sampleValue: String? {
        let preferred = Array("xa0A1_-~".unicodeScalars) + (0x21...0x7E).compactMap(Unicode.Scalar.init) + (0xA0...0x2FF).compactMap(Unicode.Scalar.init)
        let count = max(rule.minimumLength, 1)
        guard let character = preferred.first(where: { rule.charset.contains($0) && ($0 != "." || count > 2) }) else { return nil }
        return String(repeating: String(character), count: count)
    }
}

extension String {
    /// The text as it appears in a URL path or query item: path-safe bytes as they are, others percent-encoded
    /// (`&`, `=` and `+` too, so a query item keeps its value).
    var percentEncodedForPath: String {
        PercentEncoding.encoded(self, keeping: ASCIISet.pathSafe.subtracting(ASCIISet("&=+")))
    }
}
