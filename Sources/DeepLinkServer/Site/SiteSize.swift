import DeepLinkAASA
import DeepLinkConfig
import DeepLinkRouting
import Foundation

/// How much a site serves, counted so that a reload that loses much of it is logged loudly: a config cut short, a
/// static directory half copied, a table someone emptied by mistake. The reload still happens (a smaller table can
/// be what was meant); the warning names the counts.
struct SiteSize: Equatable {
    /// The table's routes.
    let routes: Int
    /// The AASA components, over every domain.
    let associationComponents: Int
    /// The files under `/static/`.
    let staticFiles: Int

    /// A count that drops by more than this fraction is logged as a warning.
    static let warningFraction = 0.25

    /// The size of `site`.
    init(_ site: Site) {
        routes = site.table.routes.count
        let documents = site.configuration.documents
        associationComponents = documents.domains.reduce(0) { sum, domain in
            sum + (documents.appleAppSiteAssociation(for: domain).map(Self.componentCount) ?? 0)
        }
        staticFiles = site.assets.paths.count
    }

    init(routes: Int, associationComponents: Int, staticFiles: Int) {
        (self.routes, self.associationComponents, self.staticFiles) = (routes, associationComponents, staticFiles)
    }

    /// Each count that dropped by more than `warningFraction` since `previous`, as `routes 9 → 4`.
    func shrinkage(since previous: SiteSize) -> [String] {
        let counts = [
            ("routes", previous.routes, routes), ("AASA components", previous.associationComponents, associationComponents),
            ("static files", previous.staticFiles, staticFiles),
        ]
        return counts.compactMap { name, before, after in
            Double(before - after) > Double(before) * Self.warningFraction ? "\(name) \(before) → \(after)" : nil
        }
    }

    /// The components of an AASA's `applinks` details.
    private static func componentCount(_ document: [UInt8]) -> Int {
        let json = try? JSONSerialization.jsonObject(with: Data(document))
        let details = ((json as? [String: Any])?["applinks"] as? [String: Any])?["details"] as? [[String: Any]] ?? []
        return details.reduce(0) { $0 + (($1["components"] as? [Any])?.count ?? 0) }
    }
}
