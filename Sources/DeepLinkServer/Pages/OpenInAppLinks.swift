import DeepLinkRouting

/// The "Open in the app" button of a Universal-only route's landing page (`openInAppDomain:`).
///
/// iOS does not open a Universal Link tapped on a page of the same host: the tap stays in Safari. A route with no
/// custom scheme (the sign-in links, which a sticker must not be able to spoof) has no other way into the app from its
/// page, so the page links to the same path and query on another host of the table, which the AASA and the app's
/// entitlement cover: from a page on any other host, the alternate host; from a page on the alternate host, the route's
/// canonical host. The link is the page's canonical link with another origin: it carries the URL's values and nothing
/// else.
struct OpenInAppLinks: Sendable {
    /// The alternate host.
    let alternateHost: String
    /// `https://ALTERNATE/` and the link tail.
    let toAlternate: LinkText
    /// `https://CANONICAL/` and the link tail.
    let toCanonical: LinkText

    /// The links of `route`, whose canonical links start with `origin`, with `alternateHost` as the other host; nil
    /// when the route has a custom scheme (its page links there), no `https` origin, does not open on the alternate host,
    /// or has its canonical links there (`check` refuses the last).
    init?(route: Route, origin: String?, alternateHost: String) {
        let host = alternateHost.lowercased()
        guard route.isUniversal, !route.isAppScheme, let origin, origin != "https://\(host)/",
            Channel.universal(host: host).tier(of: route.scopes) != nil
        else { return nil }
        self.alternateHost = host
        toAlternate = LinkText(head: PageText("https://\(host)/"), hasTail: true)
        toCanonical = LinkText(head: PageText(origin), hasTail: true)
    }

    /// The link on a page served on `host`: to the canonical host from the alternate one, else to the alternate one.
    func link(onHost host: String) -> LinkText {
        host == alternateHost ? toCanonical : toAlternate
    }
}
