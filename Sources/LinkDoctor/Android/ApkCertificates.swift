import Foundation

/// The SHA-256 certificate fingerprints in the output of `apksigner verify --print-certs` (`Signer #1 certificate
/// SHA-256 digest: 3b7a0c…`, lower case without colons) or `keytool -printcert` / `keytool -list -v` (`SHA256:
/// 3B:7A:0C:…`), in the upper-case colon form `assetlinks.json` lists.
package enum ApkCertificates {
    /// Why a file gives no fingerprint.
    package struct Problem: Error, CustomStringConvertible {
        package let description: String
    }

    /// The fingerprints in `text` (the output of one of those tools), in order, each once.
    package static func fingerprints(in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let value: Substring?
            if let range = trimmed.range(of: "SHA-256 digest:") {
                value = trimmed[range.upperBound...]
            } else if trimmed.hasPrefix("SHA256:") {
                value = trimmed.dropFirst("SHA256:".count)
            } else {
                value = nil
            }
            guard let value, let fingerprint = normalized(value), !found.contains(fingerprint) else { continue }
            found.append(fingerprint)
        }
        return found
    }

    /// The fingerprints of the file at `path`, or why there are none.
    package static func fingerprints(contentsOf path: String) throws(Problem) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(description: "cannot read \(path)") }
        let found = fingerprints(in: String(decoding: data, as: UTF8.self))
        guard !found.isEmpty else {
            throw Problem(
                description: "\(path) holds no SHA-256 fingerprint: give the output of apksigner verify --print-certs APK or keytool -printcert -jarfile APK")
        }
        return found
    }

    /// 32 hex bytes, with or without colons, as `AA:BB:…`; nil for anything else.
    private static func normalized(_ value: Substring) -> String? {
        let digits = value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "").uppercased()
        guard digits.count == 64, digits.allSatisfy(\.isHexDigit) else { return nil }
        return stride(from: 0, to: 64, by: 2).map { offset in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return String(digits[start..<digits.index(start, offsetBy: 2)])
        }.joined(separator: ":")
    }
}
