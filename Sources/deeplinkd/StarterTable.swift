/// The table `deeplinkd init` writes: every section a new app needs, one example route, each key explained.
struct StarterTable {
    let name: String
    let appID: String
    let domain: String
    let scheme: String

    /// The YAML text; each value is a YAML double-quoted scalar that reads back as exactly what was given.
    var yaml: String {
        """
        # deeplinkd route table. `deeplinkd check --config THIS_FILE` validates it; docs/table.md documents every key.
        app:
          name: \(name.yamlQuoted)              # shown on landing pages
          appIDs: [\(appID.yamlQuoted)]         # TEAMID.bundle.id, one or more
          # appStoreID: "1234567890"   # numeric App Store ID, for the Smart App Banner
        domains: [\(domain.yamlQuoted)]         # Universal Link hosts; add applinks:HOST to the app's Associated Domains
        schemes: [\(scheme.yamlQuoted)]         # custom URL schemes (Info.plist URL Types)
        # states: [signedOut, ready]   # every state the app reports, for gates
        # gates:
        #   signedOut: [signedOut]     # a route with `gate: signedOut` is dispatched only in these states
        routes:                        # ORDER IS LOAD-BEARING: first match wins; put specific shapes first
          - name: item                 # becomes `case item(id: String)` in the generated DeepLink enum
            path: items/$(id)          # $(name) captures one path component; * and ** are wildcards
            scopes: [universal, app]   # https on the domains and the custom schemes; default [universal]
            params:
              id: {charset: "A-Za-z0-9_-", min: 1, max: 64}   # charset defaults to A-Za-z0-9._~-
            # notification: itemRequested   # optional: a Notification.Name for apps that post one
            # stack: [items]           # optional: earlier routes whose screens this one sits on

        """
    }

    /// The command-line option whose value is written on `line` of `yaml` (1-based), to name it in a problem
    /// `check` finds there.
    func option(onLine line: Int?) -> String? {
        guard let line, line >= 1 else { return nil }
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return nil }
        let options = ["  name: ": "--name", "  appIDs: ": "--app-id", "domains: ": "--domain", "schemes: ": "--scheme"]
        return options.first { lines[line - 1].hasPrefix($0.key) }?.value
    }
}
