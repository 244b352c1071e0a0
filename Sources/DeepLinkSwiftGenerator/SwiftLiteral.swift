/// Swift source spellings of values.
enum SwiftLiteral {
    /// `value` as a string literal: `"`, `\` and every character outside printable ASCII escaped.
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result + "\""
    }

    /// `value` as a string literal, or `nil`.
    static func string(_ value: String?) -> String {
        value.map { string($0) } ?? "nil"
    }

    /// `value` as a line of a multi-line string literal: `\` escaped and every character outside printable ASCII
    /// written as `\u{…}`, so neither an escape nor a control or direction character reaches the source as such.
    static func multilineLine(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }
}
