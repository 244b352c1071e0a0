import DeepLinkRouting

/// One route as the generated Kotlin names it.
struct KotlinRoute {
    let route: Route
    /// Its position in the table.
    let index: Int
    /// The class name (`Charger`).
    let className: String
    /// The parameters in declaration order: table name, property name (escaped), whether the value is always there.
    let parameters: [(name: String, property: String, isRequired: Bool)]

    init(_ route: Route, index: Int) {
        self.route = route
        self.index = index
        className = KotlinName.type(for: route.name) ?? "Route\(index)"
        parameters = route.parameters.map { ($0.name, KotlinName.property(for: $0.name) ?? "value", $0.rule.isRequired) }
    }

    /// `data class Charger(val id: kotlin.String)`, or `object Home` for a route without parameters.
    var header: String {
        guard !parameters.isEmpty else { return "object \(className) : DeepLink()" }
        let properties = parameters.map { "val \($0.property): kotlin.String\($0.isRequired ? "" : "?")" }
        return "data class \(className)(" + properties.joined(separator: ", ") + ") : DeepLink()"
    }

    /// The property holding the parameter called `name`, read on `this`, or `null` when the route has none.
    func value(of name: String) -> String {
        parameters.first { $0.name == name }.map { "this.\($0.property)" } ?? "null"
    }

    /// `Site(site = this.site, page = null)`: this route's screen built from `from`'s values.
    func built(from other: KotlinRoute) -> String {
        guard !parameters.isEmpty else { return className }
        return className + "(" + parameters.map { "\($0.property) = \(other.value(of: $0.name))" }.joined(separator: ", ") + ")"
    }
}
