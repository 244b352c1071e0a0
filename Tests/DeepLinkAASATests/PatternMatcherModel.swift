import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Android's intent-filter data matching for App Links, as the platform documentation describes it, written here from
/// that description: a filter takes a URL when its scheme and host are among the filter's and, if it names paths, one
/// `android:path` equals the path (`Uri.getPath()`, decoded), one `android:pathPrefix` starts it, or one
/// `android:pathPattern` matches it whole. A `pathPattern` is `PatternMatcher`'s simple glob: `X*` is zero or more
/// `X`, `.` any character, `.*` any run (which ends at the first occurrence of the character after it: nothing is
/// retried), `\` escapes. Attribute values are read as aapt reads them: XML first, then `\\`, `\'` and `\"`. An empty
/// path reads as `/`, as a browser sends it.
struct PatternMatcherModel {
    struct Filter {
        var schemes: [String] = []
        var hosts: [String] = []
        var paths: [(kind: String, value: String)] = []
        var isVerified = false
    }

    let filters: [Filter]

    /// The filters of a manifest, parsed as XML.
    init(manifest: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(manifest.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw ManifestError.notXML(parser.parserError?.localizedDescription ?? "") }
        filters = reader.filters
    }

    enum ManifestError: Error { case notXML(String) }

    /// Whether some filter takes `url`.
    func takes(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme else { return false }
        return filters.contains { filter in
            guard filter.schemes.contains(scheme.lowercased()) else { return false }
            if filter.hosts.isEmpty { return true }
            guard let host = components.host, filter.hosts.contains(host.lowercased()) else { return false }
            if filter.paths.isEmpty { return true }
            let path = components.path.isEmpty ? "/" : components.path  // as a browser sends it, as AndroidRuleModel reads it
            return filter.paths.contains { entry in
                let value = Self.aapt(entry.value)
                switch entry.kind {
                case "path": return path == value
                case "pathPrefix": return path.hasPrefix(value)
                default: return Self.simpleGlob(Array(value), Array(path))
                }
            }
        }
    }

    private static func aapt(_ value: String) -> String {
        var result = ""
        var isEscaped = false
        for character in value {
            if isEscaped {
                result.append(character)
                isEscaped = false
            } else if character == "\\" {
                isEscaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func simpleGlob(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0
        var t = 0
        while p < pattern.count {
            var character = pattern[p]
            var isAny = character == "."
            if character == "\\", p + 1 < pattern.count {
                p += 1
                character = pattern[p]
                isAny = false
            }
            let isStar = p + 1 < pattern.count && pattern[p + 1] == "*"
            if isStar && isAny {
                p += 2
                guard p < pattern.count else { return true }
                var next = pattern[p]
                if next == "\\", p + 1 < pattern.count { next = pattern[p + 1] }
                guard let stop = text[t...].firstIndex(of: next) else { return false }
                t = stop
            } else if isStar {
                while t < text.count && text[t] == character { t += 1 }
                p += 2
            } else {
                guard t < text.count, isAny || text[t] == character else { return false }
                t += 1
                p += 1
            }
        }
        return t == text.count
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var filters: [Filter] = []
        var current: Filter?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            switch element {
            case "intent-filter": current = Filter(isVerified: attributes["android:autoVerify"] == "true")
            case "data":
                if let scheme = attributes["android:scheme"] { current?.schemes.append(scheme) }
                if let host = attributes["android:host"] { current?.hosts.append(host) }
                for kind in ["path", "pathPrefix", "pathPattern"] {
                    if let value = attributes["android:" + kind] { current?.paths.append((kind, value)) }
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "intent-filter", let current { filters.append(current) }
        }
    }
}
