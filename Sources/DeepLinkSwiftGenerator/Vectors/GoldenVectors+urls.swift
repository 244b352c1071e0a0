import DeepLinkRouting
import Foundation

extension GoldenVectors {
    /// The URLs of `route` with `values`: its canonical pattern and each alias, on each domain (`https`) and each
    /// scheme, whether or not its scopes allow them there (the others are `channelNotAllowed` vectors).
    func sampleURLs(of route: Route, values: [String: String]) -> [String] {
        let origins = table.domains.map { "https://\($0)/" } + table.schemes.map { "\($0)://" }
        let query = route.parameters.filter { !$0.isInPath && $0.rule.isRequired }.compactMap { parameter in
            values[parameter.name].map { Self.encoded(parameter.name) + "=" + Self.encoded($0) }
        }
        let tail = query.isEmpty ? "" : "?" + query.joined(separator: "&")
        return ([route.pattern] + route.aliases).flatMap { pattern in
            origins.map { $0 + Self.path(of: pattern, values: values) + tail }
        }
    }

    /// `url` bent the ways links go wrong: a value too long, too short, with a space or a backslash; a bad escape at
    /// the end of the path; a component more; plain `http` and a foreign host for a Universal Link.
    static func bent(_ url: String, route: Route, values: [String: String]) -> [String] {
        let query = url.firstIndex(of: "?") ?? url.endIndex
        var bent = [url + "/extra", url + "\\", String(url[..<query]) + "%zz" + url[query...]]
        if url.hasPrefix("https://") {
            bent.append("http://" + url.dropFirst("https://".count))
            if let slash = url.dropFirst("https://".count).firstIndex(of: "/") { bent.append("https://evil.example" + url[slash...]) }
        }
        for parameter in route.parameters {
            guard let value = values[parameter.name], !value.isEmpty else { continue }
            let written = encoded(value)
            guard let range = url.range(of: written, options: .backwards) else { continue }
            let rule = parameter.rule
            var replacements = [written + "%20", String(written.dropLast()) + "\\"]
            if rule.maximumLength < 1024 { replacements.append(String(repeating: written, count: rule.maximumLength / max(value.count, 1) + 1)) }
            if rule.minimumLength > 1 { replacements.append(String(written.prefix(rule.minimumLength - 1))) }
            bent += replacements.map { url.replacingCharacters(in: range, with: $0) }
        }
        return bent
    }

    /// The path `pattern` writes with `values`: `*` and `**` as `x`.
    static func path(of pattern: PathPattern, values: [String: String]) -> String {
        pattern.components.map { component in
            switch component {
            case .literal(let text): encoded(text)
            case .wildcard, .rest: "x"
            case .parameter(let name, let prefix, let suffix): encoded(prefix) + encoded(values[name] ?? "") + encoded(suffix)
            }
        }.joined(separator: "/")
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
