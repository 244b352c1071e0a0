/// Where one URL value of a landing page comes from, worked out once per route when the site loads
/// (`LandingRoute`); a request's match and browser fill it in (`LandingPage`).
enum LandingSource: Sendable, Equatable {
    /// No value: the page has none there (nil for the template).
    case absent
    /// Fixed text around the match's link tail: a canonical link, the Smart App Banner.
    case link(LinkText)
    /// The value of the parameter so named.
    case parameter(String)
    /// The name of the in-app browser the page is shown in; none in an ordinary browser.
    case inAppBrowser
    /// The link out of the in-app browser the page is shown in, for its platform (`LandingRoute.escape(for:)`); none
    /// in an ordinary browser.
    case escape
    /// A store's page (the App Store's, Google Play's) for a browser on `platform` or on neither iOS nor Android;
    /// none on the other phone system, where that store's app cannot be installed.
    case store(LinkText, platform: BrowserClass.Platform)
    /// The "Open in the app" link to the same page on the other host (`LandingRoute.openInApp(onHost:)`): the
    /// alternate host from any other, the canonical one from the alternate; none in an in-app browser, which opens no
    /// Universal Link.
    case openInApp
    /// The canonical link to copy before installing the app (`copyLink: true`); none on Android, whose app reads the
    /// link from Google Play's install referrer and has no paste helper.
    case copyLink(LinkText)
}
