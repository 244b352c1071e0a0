import DeepLinkRouting

extension Doctor {
    /// The app's entitlements name every domain of the table under `applinks`, and the examined host under
    /// `webcredentials` and `appclips` when the table uses them.
    func check(_ entitlements: Entitlements) -> [Finding] {
        guard entitlements.associatedDomains != nil else {
            return [
                .fail(
                    "entitlements", entitlements.problem ?? "",
                    fix: "pass the app target's .entitlements file, with the Associated Domains capability added in Xcode")
            ]
        }
        var wanted = table.domains.map { ("applinks", $0, true) }
        if table.app.webCredentials { wanted.append(("webcredentials", host, true)) }
        if !table.app.appClips.isEmpty { wanted.append(("appclips", host, false)) }
        return wanted.map { service, domain, allowsWildcard in
            let isOpenInApp = service == "applinks" && domain == openInAppDomain
            let check = "entitlement \(service):\(domain)" + (isOpenInApp ? " (openInAppDomain)" : "")
            guard let entry = entitlements.entry(service, covering: domain, allowsWildcard: allowsWildcard) else {
                let button = isOpenInApp ? ", and the landing pages' Open in \(table.app.name) button, which links there, stays in Safari" : ""
                return .fail(
                    check, "\(entitlements.path) does not name it, so iOS never \(Self.purpose[service] ?? "uses \(domain)")" + button,
                    fix: "add \(service):\(domain) to \(Entitlements.key) (Signing & Capabilities > Associated Domains)")
            }
            let mode =
                entry.contains("?mode=") ? " (alternate mode: only development-signed builds on devices in that mode; remove it before the App Store)" : ""
            return .ok(check, entry + mode)
        }
    }

    private static let purpose = [
        "applinks": "opens its links in the app",
        "webcredentials": "lets the app use the domain for passwords, passkeys or HTTPS callbacks",
        "appclips": "offers the App Clip for its links",
    ]
}
