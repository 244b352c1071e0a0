import DeepLinkRouting
import Testing

@Suite("Swift names of routes, parameters, states and notifications")
struct SwiftNameTests {
    @Test(
        "names become identifiers deterministically",
        arguments: [
            ("charger", "charger"), ("sign-in", "signIn"), ("auth/callback", "authCallback"), ("2fa", "_2fa"), ("snake_case", "snake_case"),
            ("a..b", "aB"), ("Ünïcode", "nCode"),
        ])
    func identifiers(name: String, identifier: String) {
        #expect(SwiftName.identifier(for: name) == identifier)
    }

    @Test("keywords are escaped; a name without letters or digits has no identifier")
    func escaping() {
        #expect(SwiftName.escaped("in") == "`in`")
        #expect(SwiftName.escaped("charger") == "charger")
        #expect(SwiftName.identifier(for: "--") == nil)
    }

    @Test("check refuses routes, parameters and states that collide once made identifiers, or take a reserved name")
    func collisions() throws {
        let routes = [
            RouteDefinition(name: Located("sign-in", line: 3), path: Located("a"), notification: Located("opened", line: 4)),
            RouteDefinition(
                name: Located("signIn", line: 5), path: Located("b/$(a-b)"),
                parameters: [
                    ParameterDefinition(name: "a-b", charset: "a-z", line: 6), ParameterDefinition(name: "aB", charset: "a-z", isRequired: false, line: 7),
                ],
                notification: Located("-opened", line: 8)),
            RouteDefinition(name: Located("stack", line: 9), path: Located("c")),
        ]
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]), domains: [Located("a.example")],
            states: [Located("ready", line: 1), Located("ready-", line: 1), Located("self", line: 2)], routes: routes)
        let errors = RouteTable.compile(definition).diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors == [
                "<table>:1: state 'ready-': its Swift name 'ready' is also the Swift name of 'ready'",
                "<table>:2: state 'self': its Swift name 'self' is reserved in the generated AppState enum; rename the state",
                "<table>:5: route 'signIn': its Swift name 'signIn' is also the Swift name of 'sign-in'",
                "<table>:7: route 'signIn': parameter 'aB': its Swift name 'aB' is also the Swift name of 'a-b'",
                "<table>:8: notification '-opened': its Swift name 'opened' is also the Swift name of 'opened'",
                "<table>:9: route 'stack': its Swift name 'stack' is reserved in the generated DeepLink enum; rename the route",
            ])
    }

    @Test("check refuses the names the generated code cannot declare: type names it calls as routes, Codable twins, _ and Type")
    func generatedCodeNames() throws {
        let routes = [
            RouteDefinition(name: Located("sign-in", line: 1), path: Located("a/$(_)"), parameters: [ParameterDefinition(name: "_", charset: "a-z", line: 2)]),
            RouteDefinition(name: Located("Sign-in", line: 3), path: Located("b")),
            RouteDefinition(name: Located("URL", line: 4), path: Located("c"), notification: Located("Type", line: 5)),
            RouteDefinition(name: Located("AppState", line: 6), path: Located("d"), notification: Located("self", line: 7)),
            RouteDefinition(name: Located("CodingKeys", line: 8), path: Located("e")),
            RouteDefinition(name: Located("none", line: 9), path: Located("f"), notification: Located("none", line: 9)),
            RouteDefinition(name: Located("SignInCodingKeys", line: 10), path: Located("g")),
        ]
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]), domains: [Located("a.example")], routes: routes)
        let errors = RouteTable.compile(definition).diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors == [
                "<table>:2: route 'sign-in': parameter '_': its Swift name '_' cannot label a value; rename the parameter",
                "<table>:3: route 'Sign-in': its Swift name 'SignIn' differs from 'signIn' (route 'sign-in') only in its first letter, so Codable would declare SignInCodingKeys for both; rename one",
                "<table>:4: route 'URL': its Swift name 'URL' is reserved in the generated DeepLink enum; rename the route",
                "<table>:5: notification 'Type': its Swift name 'Type' cannot name a Notification.Name constant; rename the notification",
                "<table>:6: route 'AppState': its Swift name 'AppState' is reserved in the generated DeepLink enum; rename the route",
                "<table>:7: notification 'self': its Swift name 'self' cannot name a Notification.Name constant; rename the notification",
                "<table>:8: route 'CodingKeys': its Swift name 'CodingKeys' is reserved in the generated DeepLink enum; rename the route",
                "<table>:10: route 'SignInCodingKeys': its Swift name 'SignInCodingKeys' is the type Codable declares for the keys of route 'sign-in'; rename one",
            ])
    }
}
