extension String {
    /// The string as a YAML double-quoted scalar that reads back as exactly this string: `"` and `\` escaped, and
    /// every character YAML does not take as it is in a quoted scalar (controls, line breaks of any kind, which a
    /// quoted scalar would fold, the byte order mark, U+FFFE and U+FFFF) written as an escape.
    var yamlQuoted: String {
        var quoted = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\t": quoted += "\\t"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\u{20}"..."\u{7E}", "\u{A0}"..."\u{2027}", "\u{202A}"..."\u{D7FF}", "\u{E000}"..."\u{FEFE}", "\u{FF00}"..."\u{FFFD}",
                "\u{10000}"..."\u{10FFFF}":
                quoted.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted +=
                    scalar.value > 0xFFFF
                    ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return quoted + "\""
    }
}
