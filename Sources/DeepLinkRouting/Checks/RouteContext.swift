/// What a route is checked against.
struct RouteContext {
    let domains: [String]
    let schemes: [String]
    let gates: [String: Set<String>]
    var features: [String] = []
    /// The app section as written (route checks read its App Clips and App Store ID).
    var app = AppDefinition(name: Located(""), appIDs: [])
}
