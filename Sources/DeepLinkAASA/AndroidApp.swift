import DeepLinkBytes
import DeepLinkRouting

/// The optional `android:` section: the app that `/.well-known/assetlinks.json` vouches for.
package struct AndroidApp: Sendable, Equatable {
    /// The application ID (`com.polarisexpress.expresscan`).
    package let package: String
    /// Upper-case, colon-separated SHA-256 fingerprints of the signing certificates.
    package let fingerprints: [String]

    /// An app with these signing-certificate fingerprints (checked by the config parser with `isFingerprint(_:)`).
    package init(package: String, fingerprints: [String]) {
        self.package = package
        self.fingerprints = fingerprints
    }

    /// The Digital Asset Links statement list.
    package var assetLinksJSON: String {
        var writer = JSONWriter()
        writer.beginArray()
        writer.beginObject()
        writer.beginArray("relation")
        writer.string(nil, "delegate_permission/common.handle_all_urls")
        writer.endArray()
        writer.beginObject("target")
        writer.string("namespace", "android_app")
        writer.string("package_name", package)
        writer.beginArray("sha256_cert_fingerprints")
        for fingerprint in fingerprints { writer.string(nil, fingerprint) }
        writer.endArray()
        writer.endObject()
        writer.endObject()
        writer.endArray()
        return writer.text + "\n"
    }

    /// Whether `text` is 32 upper-case hex pairs separated by colons.
    package static func isFingerprint(_ text: String) -> Bool {
        let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
        return bytes.count == 32 && bytes.allSatisfy { $0.utf8.count == 2 && Self.upperHexDigits.containsAll($0.utf8) }
    }

    /// `0-9` and `A-F`: a fingerprint's digits as Android writes them.
    private static let upperHexDigits = ASCIISet.digits.union(ASCIISet("ABCDEF"))
}
