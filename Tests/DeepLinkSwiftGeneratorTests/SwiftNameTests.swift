import DeepLinkRouting
import DeepLinkSwiftGenerator
import Testing

@Suite("Swift names of routes, parameters, states, features and notifications")
struct SwiftNameTests {
    @Test(
        "names become identifiers deterministically",
        arguments: [
            ("charger", "charger"), ("sign-in", "signIn"), ("auth/callback", "authCallback"), ("2fa", "_2fa"), ("snake_case", "snakeCase"),
            ("error_description", "errorDescription"), ("utm-source", "utmSource"), ("a__b", "aB"), ("_private", "_private"), ("default_", "default_"),
            ("a..b", "aB"), ("Ünïcode", "nCode"),
        ])
    func identifiers(name: String, identifier: String) {
        #expect(SwiftName.identifier(for: name) == identifier)
    }

    @Test("keywords are escaped; a name without letters or digits has no identifier")
    func escaping() {
        #expect(SwiftName.escaped("in") == "`in`")
        #expect(SwiftName.escaped("self") == "`self`")
        #expect(SwiftName.escaped("charger") == "charger")
        #expect(SwiftName.identifier(for: "--") == nil)
    }

    static func errors(_ definition: RouteTableDefinition, typeName: String = "DeepLink") -> [String] {
        SwiftNameCheck.problems(in: definition, typeName: typeName).filter { $0.severity == .error }.map(\.description)
    }

    static func table(states: [Located<String>]? = nil, features: [Located<String>] = [], routes: [RouteDefinition]) -> RouteTableDefinition {
        RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]), domains: [Located("a.example")],
            states: states, features: features, routes: routes)
    }

    @Test("routes, parameters, states and notifications that become the same identifier are refused, each on its line")
    func collisions() {
        let routes = [
            RouteDefinition(name: Located("sign-in", line: 3), path: Located("a"), notification: Located("opened", line: 4)),
            RouteDefinition(
                name: Located("signIn", line: 5), path: Located("b/$(a-b)"),
                parameters: [
                    ParameterDefinition(name: "a-b", charset: "a-z", line: 6), ParameterDefinition(name: "aB", charset: "a-z", isRequired: false, line: 7),
                ],
                notification: Located("-opened", line: 8)),
            RouteDefinition(name: Located("--", line: 9), path: Located("c")),
        ]
        let definition = Self.table(states: [Located("ready", line: 1), Located("ready-", line: 1)], routes: routes)
        #expect(
            Self.errors(definition) == [
                "<table>:5: route 'signIn': its Swift name 'signIn' is also the Swift name of 'sign-in'",
                "<table>:7: route 'signIn': parameter 'aB': its Swift name 'aB' is also the Swift name of 'a-b'",
                "<table>:8: notification '-opened': its Swift name 'opened' is also the Swift name of 'opened'",
                "<table>:9: route '--': has no letter or digit, so it cannot be a Swift name",
                "<table>:1: state 'ready-': its Swift name 'ready' is also the Swift name of 'ready'",
            ])
    }

    @Test("the names the generated code cannot declare are refused, with the place that takes them")
    func reservedNames() {
        let routes = [
            RouteDefinition(
                name: Located("Route", line: 1), path: Located("a/$(inout)"), parameters: [ParameterDefinition(name: "inout", charset: "a-z", line: 2)]),
            RouteDefinition(name: Located("URL", line: 3), path: Located("b"), notification: Located("Foundation", line: 4)),
            RouteDefinition(name: Located("allCases", line: 5), path: Located("c"), notification: Located("_", line: 6)),
            RouteDefinition(name: Located("ExpresScanLink", line: 7), path: Located("d")),
            // Accepted: a case may be called like a keyword, a member the types have, or `none`.
            RouteDefinition(name: Located("init", line: 8), path: Located("e/$(self)"), parameters: [ParameterDefinition(name: "self", charset: "a-z")]),
            RouteDefinition(name: Located("description", line: 9), path: Located("f"), notification: Located("none")),
        ]
        let definition = Self.table(
            states: [Located("RawValue", line: 10), Located("rawValue", line: 10)], features: [Located("allCases", line: 11), Located("AllCases", line: 11)],
            routes: routes)
        #expect(
            Self.errors(definition, typeName: "ExpresScanLink") == [
                "<table>:1: route 'Route': its Swift name 'Route' is taken in the generated ExpresScanLink type; rename the route",
                "<table>:2: route 'Route': parameter 'inout': its Swift name 'inout' cannot label a value; rename the parameter",
                "<table>:3: route 'URL': its Swift name 'URL' is taken in the generated ExpresScanLink type; rename the route",
                "<table>:4: notification 'Foundation': its Swift name 'Foundation' cannot name a constant; rename the notification",
                "<table>:5: route 'allCases': its Swift name 'allCases' is taken in the generated ExpresScanLink type; rename the route",
                "<table>:6: notification '_': its Swift name '_' cannot name a constant; rename the notification",
                "<table>:7: route 'ExpresScanLink': its Swift name 'ExpresScanLink' is taken in the generated ExpresScanLink type; rename the route",
                "<table>:10: state 'RawValue': its Swift name 'RawValue' is taken in the generated AppState enum; rename the state",
                "<table>:11: feature 'allCases': its Swift name 'allCases' is taken in the generated Feature enum; rename the feature",
            ])
        #expect(Self.errors(definition, typeName: "DeepLink").count == 8)
    }

    @Test("a charset that admits what Foundation escapes when it repairs a URL is a warning naming the string parser")
    func repairWarning() {
        let route = RouteDefinition(
            name: Located("search"), path: Located("s"),
            parameters: [
                ParameterDefinition(name: "q", charset: "a-z \\\\", line: 2), ParameterDefinition(name: "tag", charset: "a-z", line: 3),
                ParameterDefinition(name: "rate", charset: "0-9%", line: 4),
            ])
        let warnings = SwiftNameCheck.problems(in: Self.table(routes: [route])).filter { $0.severity == .warning }.map(\.description)
        #expect(
            warnings == [
                "<table>:2: warning: route 'search': parameter 'q' allows a space and a backslash: the app's DeepLink(url:) refuses a URL with such a value escaped (Foundation writes the same escapes when it repairs a URL the server refuses); DeepLink(string:) parses it",
                "<table>:4: warning: route 'search': parameter 'rate' allows '%': the app's DeepLink(url:) refuses a URL with such a value escaped (Foundation writes the same escapes when it repairs a URL the server refuses); DeepLink(string:) parses it",
            ])
    }
}
