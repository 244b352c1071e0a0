/// Kotlin source spellings of values.
enum KotlinLiteral {
    /// `value` as a string literal: `"`, `\` and `$` escaped, everything outside printable ASCII as `\uXXXX`.
    static func string(_ value: String) -> String {
        var result = "\""
        for unit in value.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x24: result += "\\$"
            case 0x20...0x7E: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result + "\""
    }

    /// `value` as a string literal, or `null`.
    static func string(_ value: String?) -> String {
        value.map { string($0) } ?? "null"
    }

    /// `value` for a `//` comment: one line, printable.
    static func comment(_ value: String) -> String {
        String(value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
