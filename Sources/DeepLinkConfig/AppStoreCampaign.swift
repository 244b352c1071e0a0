package import DeepLinkBytes

/// What a landing page's App Store button names besides the app (the `stores:` section): a custom product page
/// (`ppid`, whose deep link iOS opens after the install) and campaign tokens (`ct`, the campaign; `pt`, the provider),
/// for the whole table and per route.
package struct AppStoreCampaign: Sendable, Equatable {
    /// `ppid`: the custom product page's ID, a UUID.
    package var productPage: String?
    /// `ct`: the campaign token, at most 40 characters.
    package var campaign: String?
    /// `pt`: the provider token, digits.
    package var provider: String?

    package init(productPage: String? = nil, campaign: String? = nil, provider: String? = nil) {
        (self.productPage, self.campaign, self.provider) = (productPage, campaign, provider)
    }

    /// The App Store URL's query: each parameter set, percent-encoded, then `mt=8` (the media type of apps).
    package var query: String {
        let items = [("ppid", productPage), ("ct", campaign), ("pt", provider)].compactMap { name, value in
            value.map { name + "=" + PercentEncoding.encoded($0) }
        }
        return (items + ["mt=8"]).joined(separator: "&")
    }

    /// This campaign with `other`'s values in the places it sets.
    func overridden(by other: AppStoreCampaign) -> AppStoreCampaign {
        AppStoreCampaign(
            productPage: other.productPage ?? productPage, campaign: other.campaign ?? campaign, provider: other.provider ?? provider)
    }
}

/// The `stores:` section: the table's App Store campaign and each route's own, over it.
package struct StoreSettings: Sendable, Equatable {
    /// `stores.appStore`: every page's.
    package var appStore = AppStoreCampaign()
    /// `stores.routes`: by route name, the values a route's pages use instead of the table's.
    package var routes: [String: AppStoreCampaign] = [:]

    package init(appStore: AppStoreCampaign = AppStoreCampaign(), routes: [String: AppStoreCampaign] = [:]) {
        (self.appStore, self.routes) = (appStore, routes)
    }

    /// The campaign of the route named `route`'s pages.
    package func appStore(forRoute route: String) -> AppStoreCampaign {
        routes[route].map(appStore.overridden(by:)) ?? appStore
    }
}
