/// The app section.
public struct AppDefinition: Sendable {
    /// Display name (`ExpresScan`).
    public var name: Located<String>
    /// `TEAMID.bundle.id` identifiers.
    public var appIDs: [Located<String>]
    /// Numeric App Store ID, for Smart App Banners.
    public var appStoreID: Located<String>?
    /// Whether the AASA lists the apps under `webcredentials`.
    public var webCredentials: Bool
    /// The App Clips' `TEAMID.bundle.id.Clip` identifiers, listed under `appclips` in the AASA.
    public var appClips: [Located<String>]

    /// An app section.
    public init(
        name: Located<String>, appIDs: [Located<String>], appStoreID: Located<String>? = nil, webCredentials: Bool = false,
        appClips: [Located<String>] = []
    ) {
        self.name = name
        self.appIDs = appIDs
        self.appStoreID = appStoreID
        self.webCredentials = webCredentials
        self.appClips = appClips
    }
}
