import DeepLinkBytes
import DeepLinkRouting
import Yams

extension ConfigurationParser {
    static let storesKeys = ["appStore", "routes"]
    static let appStoreKeys = ["ppid", "ct", "pt"]

    /// The `stores:` section, its routes checked against `routes` (the names the table defines).
    mutating func parseStores(_ node: Node, routes: [RouteDefinition]) -> StoreSettings {
        guard let stores = YAMLSection(node, label: "stores", allowed: Self.storesKeys, problems: &problems) else { return StoreSettings() }
        var settings = StoreSettings()
        if let appStore = stores.values["appStore"] { settings.appStore = parseAppStore(appStore, label: "stores: appStore") }
        guard let node = stores.values["routes"] else { return settings }
        guard let mapping = node.mapping else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "stores: 'routes' must map route names to App Store campaigns"))
            return settings
        }
        let names = Set(routes.map(\.name.value))
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard names.contains(name) else {
                problems.append(Diagnostic(.error, line: key.mark?.line, "stores: routes: no route is named '\(name.visible)'"))
                continue
            }
            settings.routes[name] = parseAppStore(value, label: "stores: routes: \(name)")
        }
        return settings
    }

    private mutating func parseAppStore(_ node: Node, label: String) -> AppStoreCampaign {
        guard let section = YAMLSection(node, label: label, allowed: Self.appStoreKeys, problems: &problems) else { return AppStoreCampaign() }
        let productPage = section.string("ppid", problems: &problems)
        let campaign = section.string("ct", problems: &problems)
        let provider = section.string("pt", problems: &problems)
        if let productPage, !Self.isUUID(productPage.value) {
            problems.append(
                Diagnostic(
                    .error, line: productPage.line,
                    "\(label): ppid '\(productPage.value.visible)' is not a custom product page ID (a UUID, such as 45812c9b-c296-43d3-bd30-8ed2ab1d9c1c)"))
        }
        if let campaign, campaign.value.isEmpty || campaign.value.count > 40 {
            problems.append(
                Diagnostic(.error, line: campaign.line, "\(label): ct has \(campaign.value.count) characters; an App Store campaign token has 1 to 40"))
        }
        if let provider, provider.value.isEmpty || !provider.value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            problems.append(Diagnostic(.error, line: provider.line, "\(label): pt '\(provider.value.visible)' is not a provider token (digits only)"))
        }
        return AppStoreCampaign(productPage: productPage?.value, campaign: campaign?.value, provider: provider?.value)
    }

    /// Whether `text` is a UUID: 8, 4, 4, 4 and 12 hexadecimal digits joined by `-`.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.utf8.allSatisfy { Hex.value(of: $0) != nil } }
    }
}
