import DeepLinkRouting
import DeepLinkWire
import Testing

@Suite("Navigation stacks: routes a route's screen sits on")
struct StackTests {
    static func route(_ name: String, _ path: String, _ parameters: [ParameterDefinition] = [], stack: [String] = []) -> RouteDefinition {
        RouteDefinition(name: Located(name), path: Located(path), parameters: parameters, stack: stack.map { Located($0, line: 9) })
    }

    static func parameter(_ name: String, _ charset: String, min: Int? = nil, max: Int? = nil, required: Bool? = nil) -> ParameterDefinition {
        ParameterDefinition(name: name, charset: charset, minimumLength: min, maximumLength: max, isRequired: required)
    }

    static let site = route("site", "s/$(site)", [parameter("site", "a-z", max: 20), parameter("page", "0-9")])

    @Test("a match lists the stack routes with the values it carries, then itself, in resolve's JSON")
    func resolvedStack() throws {
        let product = Self.route("product", "s/$(site)/p/$(id)", [Self.parameter("site", "a-z", max: 10), Self.parameter("id", "0-9")], stack: ["site"])
        let table = try ExpresScanTable.table([Self.site, product])
        let outcome = table.resolve("https://a.example/s/abc/p/12")
        guard case .matched(let match) = outcome else {
            Issue.record("no match: \(outcome)")
            return
        }
        #expect(table.stack(for: match).map(\.route.name) == ["site", "product"])
        #expect(
            try table.resolve("https://a.example/s/abc/p/12", state: nil).json()
                == #"{"url":"https://a.example/s/abc/p/12","matched":true,"route":"product","params":{"site":"abc","id":"12"},"channel":"universal","notification":null,"gate":null,"links":{"universal":"https://a.example/s/abc/p/12","app":null},"stack":[{"route":"site","params":{"site":"abc"}},{"route":"product","params":{"site":"abc","id":"12"}}]}"#
        )
        #expect(try !table.resolve("https://a.example/s/abc", state: nil).json().contains("stack"))
    }

    @Test(
        "check refuses a stack that cannot be built from the route's values",
        arguments: [
            (["later"], "<table>:9: route 'product': stack names 'later', which is not a route defined before it"),
            (["site", "site"], "<table>:9: route 'product': stack lists 'site' twice"),
            (["wild"], "<table>:9: route 'product': stack route 'wild' has '*' or '**' in its path, so it cannot be built from parameters"),
            (["needsX"], "<table>:9: route 'product': stack route 'needsX' needs parameter 'x', which 'product' does not declare"),
            (["needsPage"], "<table>:9: route 'product': stack route 'needsPage' needs parameter 'page', which is optional in 'product'"),
            (
                ["narrow"],
                "<table>:9: route 'product': stack route 'narrow': parameter 'site' of 'product' allows values 'narrow' refuses (its charset and length must fit within 'narrow''s)"
            ),
        ])
    func refused(stack: [String], message: String) throws {
        let routes = [
            Self.site,
            Self.route("wild", "w/*"),
            Self.route("needsX", "x/$(x)", [Self.parameter("x", "a-z")]),
            Self.route("needsPage", "n/$(page)", [Self.parameter("page", "0-9")]),
            Self.route("narrow", "q/$(site)", [Self.parameter("site", "a-c")]),
            Self.route(
                "product", "s/$(site)/p/$(id)", [Self.parameter("site", "a-z", max: 10), Self.parameter("id", "0-9"), Self.parameter("page", "0-9")],
                stack: stack),
            Self.route("later", "l"),
        ]
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]), domains: [Located("a.example")], routes: routes)
        let compilation = RouteTable.compile(definition)
        #expect(compilation.table == nil)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.map(\.description) == [message])
    }
}
