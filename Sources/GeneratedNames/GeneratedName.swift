/// How a table name becomes an identifier in generated code, the same for Swift and Kotlin, deterministically.
///
/// The name is split at every character that is not an ASCII letter or digit (a `_` at its start or end stays); the
/// pieces are joined with the first letter of each but the first upper-cased (`sign-in` is `signIn`, `auth/callback`
/// is `authCallback`, `error_description` is `errorDescription`); a leading digit gets a `_` in front. Letters are
/// otherwise kept as written. Each language then escapes its own keywords (`SwiftName`, `KotlinName`).
package enum GeneratedName {
    /// The identifier for `name`, unescaped; nil when the name has no letter, digit or `_`.
    package static func identifier(for name: String) -> String? {
        var result = ""
        var isPieceStart = false
        var underscores = 0
        for scalar in name.unicodeScalars {
            if scalar == "_" {
                // A leading `_` is kept (`_private`); one between letters or digits separates pieces as `-` does.
                if result.unicodeScalars.allSatisfy({ $0 == "_" }) { result += "_" } else { underscores += 1 }
                continue
            }
            guard isWordCharacter(scalar) else {
                isPieceStart = !result.isEmpty
                continue
            }
            if underscores > 0 { isPieceStart = true }
            underscores = 0
            result += isPieceStart ? String(scalar).uppercased() : String(scalar)
            isPieceStart = false
        }
        // A trailing `_` is kept too (`default_`), so a name that ends with one stays apart from the name without it.
        result += String(repeating: "_", count: underscores)
        guard let first = result.unicodeScalars.first else { return nil }
        return ("0"..."9").contains(first) ? "_" + result : result
    }

    /// Whether `text` is an identifier as written (a letter or `_`, then letters, digits and `_`, ASCII only).
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy(isWordCharacter)
    }

    /// An ASCII letter, digit or `_`.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }
}
