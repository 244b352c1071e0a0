import DeepLinkRouting

extension Configuration {
    /// An error on the line of every landing that names no template in `templates` (file names without
    /// `.mustache`), saying which template differs only in case. Landings that are not page names are left to
    /// `RouteTable.compile`, which reports them.
    static func landingProblems(_ routes: [RouteDefinition], templates: Set<String>) -> [Diagnostic] {
        let byLowercase = Dictionary(templates.map { ($0.lowercased(), $0) }) { first, _ in first }
        return routes.compactMap { route in
            guard let landing = route.landing, RouteTable.isPageName(landing.value), !templates.contains(landing.value) else { return nil }
            let place = "route '\(route.name.value)': landing '\(landing.value)' has no template \(landing.value).mustache"
            guard let other = byLowercase[landing.value.lowercased()] else { return Diagnostic(.error, line: landing.line ?? route.line, place) }
            return Diagnostic(.error, line: landing.line ?? route.line, "\(place) (there is \(other).mustache: template names are case-sensitive)")
        }
    }
}
