package import DeepLinkRouting

/// The association documents of one config load, built once: the `apple-app-site-association` of each domain and,
/// with an Android app, `assetlinks.json`. `check` measures them, the server serves them and `deeplinkd aasa` prints
/// them, all from this one value.
package struct AssociationDocuments: Sendable {
    /// The table's domains, lower-cased, in config order.
    package let domains: [String]
    /// The AASA bytes of each domain.
    private let appleAppSiteAssociations: [String: [UInt8]]
    /// `/.well-known/assetlinks.json`, when an Android app is configured.
    package let assetLinks: [UInt8]?

    /// The documents of `table`, and of `android` when there is one.
    package init(table: RouteTable, android: AndroidApp?) {
        let generator = AASAGenerator(table: table)
        domains = table.domains
        var files: [String: [UInt8]] = [:]
        for domain in table.domains { files[domain] = Array(generator.json(for: domain).utf8) }
        appleAppSiteAssociations = files
        assetLinks = android.map { Array($0.assetLinksJSON.utf8) }
    }

    /// The AASA of `domain` (compared lower-cased); with no domain, the first domain's; nil for a domain the table
    /// does not configure.
    package func appleAppSiteAssociation(for domain: String? = nil) -> [UInt8]? {
        guard let domain = domain?.lowercased() ?? domains.first else { return nil }
        return appleAppSiteAssociations[domain]
    }

    /// An error for every AASA larger than Apple's downloader takes (`AASAGenerator.sizeLimit`), in domain order.
    package var sizeProblems: [Diagnostic] {
        domains.compactMap { domain in
            guard let size = appleAppSiteAssociations[domain]?.count, size > AASAGenerator.sizeLimit else { return nil }
            return Diagnostic(
                .error, line: nil,
                "the apple-app-site-association for \(domain) would be \(size) bytes; Apple drops files over \(AASAGenerator.sizeLimit) bytes")
        }
    }
}
