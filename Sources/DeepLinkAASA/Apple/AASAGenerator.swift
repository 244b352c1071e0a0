import DeepLinkBytes
package import DeepLinkRouting

/// Generates the `apple-app-site-association` file from a route table: deterministic bytes, modern
/// `appIDs` + `components` form, one `details` entry for all the app IDs; `webcredentials` and `appclips` as the app asks.
///
/// Each universal route's pattern (its path and every alias) becomes one component whose `/` glob matches its pattern (`c/$(id)` → `/c/?*`), preceded by
/// exclusions for deeper paths (`/c/*/?*`), since Apple's `*` crosses `/` and would otherwise open the app for URLs
/// the parser rejects. Required query parameters become `"?": {"code": "?*"}`.
package struct AASAGenerator: Sendable {
    /// Apple's downloader drops files larger than this (bytes, uncompressed).
    package static let sizeLimit = 131_072

    /// The table the file describes.
    package let table: RouteTable

    /// A generator for `table`.
    package init(table: RouteTable) {
        self.table = table
    }

    /// The AASA JSON for `host` (one of the table's domains; routes scoped to other domains are left out).
    /// With no host, the first domain.
    package func json(for host: String? = nil) -> String {
        let host = host?.lowercased() ?? table.domains.first ?? ""
        var writer = JSONWriter()
        writer.beginObject()
        writer.beginObject("applinks")
        writer.beginArray("details")
        writer.beginObject()
        writer.beginArray("appIDs")
        for appID in table.app.appIDs { writer.string(nil, appID) }
        writer.endArray()
        writer.beginArray("components")
        for component in components(for: host) { component.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        writer.endArray()
        writer.endObject()
        if table.app.webCredentials {
            writer.beginObject("webcredentials")
            writer.beginArray("apps")
            for appID in table.app.appIDs { writer.string(nil, appID) }
            writer.endArray()
            writer.endObject()
        }
        if !table.app.appClips.isEmpty {
            writer.beginObject("appclips")
            writer.beginArray("apps")
            for appClip in table.app.appClips { writer.string(nil, appClip) }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject()
        return writer.text + "\n"
    }

    /// The components for `host`, in the order the resolver tries the routes there (`Precedence`), each pattern's exclusions before its rule; a route's aliases
    /// follow its path, as the resolver tries them (`AssociationClaim`).
    func components(for host: String) -> [AASAComponent] {
        AssociationClaim.claims(for: host, in: table).map(AASAPattern.component(for:))
    }
}
