import DeepLinkRouting

/// One `<data>` path of an App Links intent filter: `android:path` (exact), `android:pathPrefix` or
/// `android:pathPattern` (`PatternMatcher`'s simple glob: `.*` any run, `\` escapes), as the attribute value is written
/// in the manifest (aapt reads `\\` as one `\`).
package struct ManifestPath: Sendable, Equatable {
    /// Which attribute.
    package enum Kind: String, Sendable {
        case path, pathPrefix, pathPattern
    }

    /// The attribute.
    package let kind: Kind
    /// Its value, before XML escaping.
    package let value: String

    /// The widest paths a pattern's URLs take, for Android's matcher, which reads the decoded path (`Uri.getPath()`)
    /// and keeps a trailing `/`: a literal pattern as `path` (with and without the trailing `/`), a literal prefix then
    /// `**` as `pathPrefix`, anything else as a `pathPattern` in which each value or wildcard is `.*`.
    static func paths(for route: Route) -> [ManifestPath] {
        let components = route.pattern.components
        if components.isEmpty { return [ManifestPath(kind: .path, value: "/")] }
        let literals = components.compactMap { if case .literal(let text) = $0 { text } else { nil } }
        if literals.count == components.count {
            let path = "/" + literals.joined(separator: "/")
            return [ManifestPath(kind: .path, value: path), ManifestPath(kind: .path, value: path + "/")]
        }
        if components.last == .rest, literals.count == components.count - 1 {
            return [ManifestPath(kind: .pathPrefix, value: "/" + literals.joined(separator: "/"))]
        }
        var pattern = ""
        for component in components {
            switch component {
            case .literal(let text): pattern += "/" + escaped(text)
            case .wildcard: pattern += "/.*"
            case .rest: pattern += ".*"
            case .parameter(_, let prefix, let suffix): pattern += "/" + escaped(prefix) + ".*" + escaped(suffix)
            }
        }
        guard !pattern.hasSuffix(".*") else { return [ManifestPath(kind: .pathPattern, value: pattern)] }
        return [ManifestPath(kind: .pathPattern, value: pattern), ManifestPath(kind: .pathPattern, value: pattern + "/")]
    }

    /// A literal in a simple glob: `\`, `.` and `*` escaped with `\`.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\\" || character == "." || character == "*" { result += "\\" }
            result.append(character)
        }
        return result
    }

    /// The attribute value as written in the manifest: aapt's escapes (`\`, `'`, `"`) and then XML's.
    var attributeValue: String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\"": result += "\\&quot;"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "&#\(scalar.value);"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
