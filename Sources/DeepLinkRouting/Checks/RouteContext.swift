/// What a route is checked against.
struct RouteContext {
    let domains: [String]
    let schemes: [String]
    let gates: [String: Set<String>]
    var features: [String] = []
    /// The app section as written (route checks read its App Clips and App Store ID).
    var app = AppDefinition(name: Located(""), appIDs: [])
    /// Every state of the table, and each gate's hold as written (route holds are checked and compiled over them).
    var states: [String] = []
    var gateHolds: [String: HoldDefinition] = [:]
}
