import DeepLinkBytes

/// One Android app of the `android:` list (a flavor: its application ID and signing certificates) that
/// `/.well-known/assetlinks.json` vouches for.
package struct AndroidApp: Sendable, Equatable {
    /// The application ID (`com.polarisexpress.expresscan`, `com.polarisexpress.expresscan.debug`).
    package let package: String
    /// Upper-case, colon-separated SHA-256 fingerprints of the signing certificates.
    package let fingerprints: [String]
    /// The relations its statement grants, as written; nil for the default: `handle_all_urls`, and `get_login_creds`
    /// when the app section has `webcredentials: true`.
    package let relations: [AndroidRelation]?

    /// An app (the config parser checks the package with `isPackageName(_:)` and the fingerprints with `isFingerprint(_:)`).
    package init(package: String, fingerprints: [String], relations: [AndroidRelation]? = nil) {
        self.package = package
        self.fingerprints = fingerprints
        self.relations = relations
    }

    /// The relations of its statement, in the order Android lists them: the written ones, or the default.
    package func relations(webCredentials: Bool) -> [AndroidRelation] {
        relations ?? (webCredentials ? [.handleAllURLs, .getLoginCredentials] : [.handleAllURLs])
    }

    /// Whether `text` is 32 upper-case hex pairs separated by colons, the form Android compares.
    package static func isFingerprint(_ text: String) -> Bool {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        return pairs.count == 32 && pairs.allSatisfy { $0.utf8.count == 2 && Self.upperHexDigits.containsAll($0.utf8) }
    }

    /// What is wrong with a fingerprint that `isFingerprint(_:)` refuses, saying how to write it when it is one in
    /// another form (lower case, or without colons).
    package static func fingerprintProblem(_ text: String) -> String {
        let digits = text.utf8.filter { $0 != UInt8(ascii: ":") }
        let isHex = digits.count == 64 && ASCIISet.hexDigits.containsAll(digits)
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        let isColonForm = pairs.count == 32 && pairs.allSatisfy { $0.utf8.count == 2 }
        guard isHex else {
            return "'\(text)' is not a SHA-256 fingerprint (32 upper-case hex bytes separated by ':', as keytool and apksigner print them)"
        }
        let upper = stride(from: 0, to: 64, by: 2).map { start in
            String(decoding: digits[start..<start + 2].map { (0x61...0x66).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
        }.joined(separator: ":")
        if isColonForm {
            return "'\(text)' is a SHA-256 fingerprint in lower case; Android compares fingerprints upper-case, so no app would verify: write '\(upper)'"
        }
        return "'\(text)' has no ':' between its bytes; Android compares the colon-separated form: write '\(upper)'"
    }

    /// Whether `text` is an Android application ID: at least two `.`-separated segments, each starting with an ASCII
    /// letter and made of ASCII letters, digits and `_` (the rule Gradle applies to `applicationId`).
    package static func isPackageName(_ text: String) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2
            && segments.allSatisfy { segment in
                guard let first = segment.utf8.first, ASCIISet.letters.contains(first) else { return false }
                return Self.packageCharacters.containsAll(segment.utf8)
            }
    }

    /// `0-9` and `A-F`: a fingerprint's digits as Android writes them.
    private static let upperHexDigits = ASCIISet.digits.union(ASCIISet("ABCDEF"))
    /// What a package segment may hold.
    private static let packageCharacters = ASCIISet.alphanumerics.union(ASCIISet("_"))
}
