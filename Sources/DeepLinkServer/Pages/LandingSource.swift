/// Where one URL value of a landing page comes from, worked out once per route when the site loads
/// (`LandingRoute`); a request's match fills it in (`LandingPage`).
enum LandingSource: Sendable, Equatable {
    /// No value: the page has none there (nil for the template).
    case absent
    /// Fixed text, then the match's link tail when `hasTail`, then more fixed text: a canonical link, the Smart App
    /// Banner.
    case link(head: PageText, hasTail: Bool, end: PageText)
    /// The value of the parameter so named.
    case parameter(String)
}
