import DeepLinkRouting

/// The default ExpresScan table (`config/deeplinkd.yaml`), declared in code as the app would.
enum ExpresScanTable {
    static let states = ["launching", "welcome", "loggingIn", "registering", "priming", "customerSigningIn", "ready"]
    static let signedOut: Set = ["launching", "welcome", "loggingIn", "customerSigningIn"]

    static var definition: RouteTableDefinition {
        let token = "A-Za-z0-9_-"
        return RouteTableDefinition(
            app: AppDefinition(
                name: Located("ExpresScan"), appIDs: [Located("ABCDE12345.com.polarisexpress.expresscan")],
                appStoreID: Located("1234567890"), webCredentials: true),
            domains: [Located("links.example.com")], schemes: [Located("expchg")],
            states: states.map { Located($0) },
            gates: [GateDefinition(name: Located("signedOut"), states: signedOut.sorted().map { Located($0) })],
            routes: [
                route("charger", "c/$(id)", scopes: ["universal", "app"], [("id", token, 1, 64, nil)], "chargerDeepLinkRequested"),
                route("magicEmailSignIn", "m/$(token)", [("token", token, 16, 512, nil)], "magicEmailSignInRequested", gate: "signedOut", secret: true),
                route("userQrSignIn", "u/$(publicId)", [("publicId", token, 4, 64, nil)], "userQrSignInRequested", gate: "signedOut"),
                route("registrationCallback", "auth/callback", [("code", "A-Za-z0-9._~-", 1, 512, true)], "universalLinkRegistrationCallback"),
            ])
    }

    static let table: RouteTable = {
        do {
            return try RouteTable(definition)
        } catch {
            fatalError("the default table must compile: \(error)")
        }
    }()

    static func route(
        _ name: String, _ path: String, scopes: [String]? = nil, _ parameters: [(String, String, Int?, Int?, Bool?)],
        _ notification: String, gate: String? = nil, secret: Bool = false
    ) -> RouteDefinition {
        RouteDefinition(
            name: Located(name), path: Located(path), scopes: scopes?.map { Located($0) },
            parameters: parameters.map { ParameterDefinition(name: $0.0, charset: $0.1, minimumLength: $0.2, maximumLength: $0.3, isRequired: $0.4) },
            notification: Located(notification), gate: gate.map { Located($0) }, isSecret: secret)
    }

    /// A small table for precedence and diagnostics tests.
    static func table(domains: [String] = ["a.example"], schemes: [String] = ["app"], _ routes: [RouteDefinition]) throws -> RouteTable {
        try RouteTable(
            RouteTableDefinition(
                app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
                domains: domains.map { Located($0) }, schemes: schemes.map { Located($0) }, routes: routes))
    }
}

extension ResolveOutcome {
    var routeName: String? {
        if case .matched(let match) = self { match.route.name } else { nil }
    }

    var parameters: [String: String] {
        guard case .matched(let match) = self else { return [:] }
        return Dictionary(uniqueKeysWithValues: match.parameters.map { ($0.name, $0.value) })
    }

    var match: RouteMatch? {
        if case .matched(let match) = self { match } else { nil }
    }

    var unmatched: Unmatched? {
        if case .unmatched(let unmatched) = self { unmatched } else { nil }
    }
}
