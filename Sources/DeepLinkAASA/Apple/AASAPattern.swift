import DeepLinkBytes
import DeepLinkRouting

/// Writes association claims as Apple's components (`*` any run of characters, `/` included; `?` one character;
/// literals percent-encoded, as Apple matches them by default, with its glob characters escaped).
enum AASAPattern {
    /// The component for `claim`.
    static func component(for claim: AssociationClaim) -> AASAComponent {
        let query = claim.requiredQueryParameters.map { (name: $0.aasaPercentEncoded, glob: "?*") }
        let comment = claim.isExclusion ? "\(claim.route.name): deeper paths do not match" : "\(claim.route.name): /\(claim.route.pattern)"
        return AASAComponent(path: claim.pathGlob(literal: \.aasaLiteral), query: query, isExcluded: claim.isExclusion, comment: comment)
    }
}

extension Route {
    /// Whether this route may accept a path that `other`'s exclusion at `position` would block: a path longer
    /// than `other`'s pattern that agrees with it before `position`.
    func couldBeDeeper(than other: Route, spanningAt position: Int) -> Bool {
        let mine = pattern.components
        let theirs = other.pattern.components
        guard mine.count > theirs.count || mine.last == .rest else { return false }
        return zip(mine.prefix(position), theirs.prefix(position)).allSatisfy { pair in
            switch pair {
            case (.literal(let a), .literal(let b)): a == b
            default: true
            }
        }
    }
}

extension String {
    /// The literal as it appears in a percent-encoded URL path, with Apple's glob characters escaped.
    var aasaLiteral: String {
        var bytes: [UInt8] = []
        ByteWriter.append(to: &bytes, capacity: 3 * utf8.count) { writer in
            for byte in utf8 {
                if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "\\") {
                    writer.write(UInt8(ascii: "\\"))
                    writer.write(byte)
                } else {
                    writer.writePercentEncoded(byte, keeping: .pathSafe)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A query item name as it appears in a percent-encoded query.
    var aasaPercentEncoded: String {
        ASCIISet.pathSafe.containsAll(utf8) ? self : aasaLiteral
    }
}
