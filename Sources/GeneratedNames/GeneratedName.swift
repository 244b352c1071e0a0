/// How a table name becomes an identifier in generated code, the same for Swift and Kotlin, deterministically.
///
/// The name is split at every character that is not an ASCII letter, digit or `_`; the pieces are joined with the
/// first letter of each but the first upper-cased (`sign-in` is `signIn`, `auth/callback` is `authCallback`); a
/// leading digit gets a `_` in front. Letters are otherwise kept as written. Each language then escapes its own
/// keywords (`SwiftName`, `KotlinName`).
package enum GeneratedName {
    /// The identifier for `name`, unescaped; nil when the name has no letter, digit or `_`.
    package static func identifier(for name: String) -> String? {
        var result = ""
        var isPieceStart = false
        for scalar in name.unicodeScalars {
            guard isWordCharacter(scalar) else {
                isPieceStart = !result.isEmpty
                continue
            }
            result += isPieceStart ? String(scalar).uppercased() : String(scalar)
            isPieceStart = false
        }
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
