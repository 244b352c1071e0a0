package import DeepLinkRouting

/// The association documents of one config load, built once: the `apple-app-site-association` of each domain and,
/// with Android apps, the `assetlinks.json` of each domain. `check` measures them, the server serves them and
/// `deeplinkd aasa` prints them, all from this one value.
package struct AssociationDocuments: Sendable {
    /// The table's domains, lower-cased, in config order.
    package let domains: [String]
    /// The Android apps, in config order.
    package let androidApps: [AndroidApp]
    /// The AASA bytes of each domain.
    private let appleAppSiteAssociations: [String: [UInt8]]
    /// The `assetlinks.json` bytes of each domain; empty without Android apps.
    private let assetLinksFiles: [String: [UInt8]]
    /// Warnings about the dynamic App Links rules (`androidProblems(in:)`).
    package let androidWarnings: [Diagnostic]

    /// The documents of `table`, and of the Android apps `android` lists.
    package init(table: RouteTable, android: [AndroidApp]) {
        let generator = AASAGenerator(table: table)
        domains = table.domains
        androidApps = android
        var files: [String: [UInt8]] = [:]
        for domain in table.domains { files[domain] = Array(generator.json(for: domain).utf8) }
        appleAppSiteAssociations = files
        var links: [String: [UInt8]] = [:]
        if !android.isEmpty {
            let assetLinks = AssetLinksGenerator(table: table, apps: android)
            for domain in table.domains { links[domain] = Array(assetLinks.json(for: domain).utf8) }
        }
        assetLinksFiles = links
        androidWarnings = android.isEmpty ? [] : Self.androidProblems(in: table)
    }

    /// The AASA of `domain` (compared lower-cased); with no domain, the first domain's; nil for a domain the table
    /// does not configure.
    package func appleAppSiteAssociation(for domain: String? = nil) -> [UInt8]? {
        guard let domain = domain?.lowercased() ?? domains.first else { return nil }
        return appleAppSiteAssociations[domain]
    }

    /// The `assetlinks.json` of `domain` (compared lower-cased); with no domain, the first domain's; nil without
    /// Android apps or for a domain the table does not configure.
    package func assetLinks(for domain: String? = nil) -> [UInt8]? {
        guard let domain = domain?.lowercased() ?? domains.first else { return nil }
        return assetLinksFiles[domain]
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
