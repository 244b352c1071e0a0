extension Problems {
    /// Reports a name or value that carries a control character or a bidirectional formatting character: such a
    /// character can make a name read differently from what it is, in `check`'s output, logs and pages.
    mutating func checkVisible(_ value: String, line: Int?, _ what: String) {
        guard !isVouched else { return }
        guard let hidden = value.unicodeScalars.first(where: \.isHidden) else { return }
        error(line, "\(what) '\(value.visible)' contains \(hidden.codePoint), a control or bidirectional formatting character")
    }

    /// Warns about a control or bidirectional formatting character in a path pattern's text (a parameter's name is
    /// checked as a name): a URL carries it only percent-encoded, nobody types or scans it, and it hides in the config.
    mutating func checkVisible(path: Located<String>, _ what: String) {
        guard !isVouched else { return }
        guard let hidden = path.value.unicodeScalars.first(where: \.isHidden) else { return }
        warning(
            path.line,
            "\(what) '\(path.value.visible)' contains \(hidden.codePoint), a control or bidirectional formatting character: a URL holds it only percent-encoded, and nobody types or scans it"
        )
    }

    /// Checks a route's landing: a template name that is a page.
    mutating func checkLanding(_ landing: Located<String>, label: String) {
        guard !isVouched else { return }
        let name = landing.value
        guard RouteTable.isTemplateName(name) else {
            error(landing.line, "\(label): landing '\(name.visible)' is not a template name (letters, digits, '-' and '_')")
            return
        }
        if ["layout", "error"].contains(name) {
            error(landing.line, "\(label): landing '\(name)' is not a page: 'layout' and 'error' are the templates every page is made with")
        }
    }

    /// The message for a domain that is not a bare host name; one in Unicode is shown in Punycode.
    static func invalidDomainMessage(_ value: String) -> String {
        let lowered = value.lowercased()
        guard !lowered.unicodeScalars.allSatisfy(\.isASCII) else { return "domain '\(value.visible)' must be a bare host name (no scheme, port or path)" }
        if let encoded = Punycode.host(lowered), RouteTable.isHost(encoded) {
            return "domain '\(value.visible)' has non-ASCII letters: write it in Punycode, as '\(encoded)'"
        }
        return "domain '\(value.visible)' has non-ASCII characters: write a host name in Punycode ('xn--…'), with no scheme, port or path"
    }
}

extension RouteTable {
    /// Whether `name` can name a template: letters, digits, `-` and `_` (no `/`, `.` or `..`).
    package static func isTemplateName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// Whether `name` can be a route's landing: a template name other than `layout` and `error`, which every page
    /// is made with.
    package static func isPageName(_ name: String) -> Bool {
        isTemplateName(name) && name != "layout" && name != "error"
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is a control character (C0, DEL, C1), a line or paragraph separator, or a bidirectional
    /// formatting character (marks, embeddings, overrides and isolates).
    var isHidden: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `U+202E`.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The string with every hidden character (see `Unicode.Scalar.isHidden`) written as `\u{202E}`, so a message
    /// shows what is there, and a generated comment cannot be ended by a line break in table text.
    package var visible: String {
        guard unicodeScalars.contains(where: \.isHidden) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isHidden {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
