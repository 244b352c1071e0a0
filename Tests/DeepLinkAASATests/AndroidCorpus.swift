import DeepLinkRouting

/// URLs around every route pattern of a table, on one domain: each component varied in turn (values that fit, that
/// are empty, long, hold `-`, `.`, an encoded `/` or a non-ASCII letter), literals in another case, deeper and
/// shallower paths, trailing and doubled slashes, and query strings with the required parameters present, empty,
/// twice or missing.
enum AndroidCorpus {
    static func urls(for table: RouteTable, on domain: String) -> [String] {
        var paths: Set<String> = ["/", "", "/x", "/x/y", "//"]
        for route in table.routes.flatMap(\.everyPattern) {
            let components = route.pattern.components
            let base = components.map { plain($0, in: route) }
            paths.insert("/" + base.joined(separator: "/"))
            for position in components.indices {
                for variant in variants(components[position], in: route) {
                    var pieces = base
                    pieces[position] = variant
                    paths.insert("/" + pieces.joined(separator: "/"))
                }
                paths.insert("/" + base.prefix(position).joined(separator: "/"))
            }
        }
        var urls: [String] = []
        let names = Set(table.routes.flatMap { $0.parameters.filter { !$0.isInPath }.map(\.name) }).sorted()
        let queries = [""] + names.flatMap { name in ["?\(name)=abc", "?\(name)=", "?\(name)=&\(name)=abc", "?\(name)=abc&\(name)=", "?x=1&\(name)=a7"] }
        for path in paths.sorted() {
            for tail in ["", "/", "/extra", "//"] {
                for query in queries { urls.append("https://\(domain)\(path)\(tail)\(query)") }
            }
        }
        return urls
    }

    private static func plain(_ component: PathComponent, in route: Route) -> String {
        switch component {
        case .literal(let text): return encoded(text)
        case .wildcard, .rest: return "x"
        case .parameter(let name, let prefix, let suffix):
            let value = route.parameter(named: name).flatMap { String(repeating: "a", count: max(1, $0.rule.minimumLength)) } ?? "a"
            return encoded(prefix) + value + encoded(suffix)
        }
    }

    private static func variants(_ component: PathComponent, in route: Route) -> [String] {
        switch component {
        case .literal(let text): return [encoded(text.uppercased()), encoded(text) + "x", ""]
        case .wildcard: return ["", "a%2Fb", "a-b", "%C3%A9"]
        case .rest: return ["", "a/b", "a/b/c"]
        case .parameter(let name, let prefix, let suffix):
            let minimum = route.parameter(named: name)?.rule.minimumLength ?? 1
            let values = [
                "", "a", String(repeating: "a", count: max(minimum, 1)), String(repeating: "a", count: minimum + 40), "a-b", "a.b", "a%2Fb", "%C3%A9",
                "1", String(repeating: "7", count: max(minimum, 6)), "A_-", "a" + suffix + "b",
            ]
            return values.map { encoded(prefix) + $0 + encoded(suffix) } + [encoded(prefix) + "a"]
        }
    }

    private static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let isPlain =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~!$&'()*+,;=:@".utf8.contains(byte)
            result += isPlain ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }
        return result
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
