/// The app section.
public struct AppDefinition: Sendable {
    /// Display name (`ExpresScan`).
    package var name: Located<String>
    /// `TEAMID.bundle.id` identifiers.
    package var appIDs: [Located<String>]
    /// Numeric App Store ID, for Smart App Banners.
    package var appStoreID: Located<String>?
    /// Whether the AASA lists the apps under `webcredentials`.
    package var webCredentials: Bool
    /// The App Clips' `TEAMID.bundle.id.Clip` identifiers, listed under `appclips` in the AASA.
    package var appClips: [Located<String>]

    /// An app section.
    ///
    /// - Parameters:
    ///   - name: Display name.
    ///   - appIDs: `TEAMID.bundle.id` identifiers.
    ///   - appStoreID: Numeric App Store ID.
    ///   - webCredentials: Whether the AASA lists the apps under `webcredentials`.
    ///   - appClips: The App Clips' `TEAMID.bundle.id.Clip` identifiers.
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
