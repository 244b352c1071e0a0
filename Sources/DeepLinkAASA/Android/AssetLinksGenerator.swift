import DeepLinkBytes
package import DeepLinkRouting

/// Generates `/.well-known/assetlinks.json` from a route table and its Android apps: deterministic bytes, one
/// statement per app (a flavor), with `handle_all_urls` narrowed by Android 15's dynamic App Links rules and
/// `get_login_creds` where the app shares credentials with the site.
///
/// The dynamic rules are the AASA's components for the same domain (`AssociationClaim`: the same order, the same
/// exclusions), written as Android reads them: literals decoded, as `Uri.getPath()` gives the path, and a pattern
/// that does not end in a wildcard claimed with and without a trailing `/`.
package struct AssetLinksGenerator: Sendable {
    /// The table the rules come from.
    package let table: RouteTable
    /// The apps, in config order.
    package let apps: [AndroidApp]

    /// A generator for `apps` on the domains of `table`.
    package init(table: RouteTable, apps: [AndroidApp]) {
        self.table = table
        self.apps = apps
    }

    /// The statement list for `host` (one of the table's domains); with no host, the first domain.
    package func json(for host: String? = nil) -> String {
        let host = host?.lowercased() ?? table.domains.first ?? ""
        let rules = dynamicRules(for: host)
        var writer = JSONWriter()
        writer.beginArray()
        for app in apps {
            let relations = app.relations(webCredentials: table.app.webCredentials)
            writer.beginObject()
            writer.beginArray("relation")
            for relation in relations { writer.string(nil, relation.statement) }
            writer.endArray()
            writer.beginObject("target")
            writer.string("namespace", "android_app")
            writer.string("package_name", app.package)
            writer.beginArray("sha256_cert_fingerprints")
            for fingerprint in app.fingerprints { writer.string(nil, fingerprint) }
            writer.endArray()
            writer.endObject()
            // An empty list is malformed for Android, which then drops the rules: a domain without Universal routes has none.
            if relations.contains(.handleAllURLs), !rules.isEmpty {
                writer.beginObject("relation_extensions")
                writer.beginObject(AndroidRelation.handleAllURLs.statement)
                writer.beginArray("dynamic_app_link_components")
                for rule in rules { rule.write(to: &writer) }
                writer.endArray()
                writer.endObject()
                writer.endObject()
            }
            writer.endObject()
        }
        writer.endArray()
        return writer.text + "\n"
    }

    /// The dynamic rules for `host`, in file order.
    package func dynamicRules(for host: String) -> [DynamicRule] {
        AssociationClaim.claims(for: host.lowercased(), in: table).flatMap(DynamicRule.rules(for:))
    }
}
