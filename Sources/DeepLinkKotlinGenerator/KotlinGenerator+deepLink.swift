import DeepLinkRouting

extension KotlinGenerator {
    /// `sealed class DeepLink`: one class per route, and what every link answers.
    var deepLinkClass: String {
        var lines = [
            "/** A link the table takes: one class per route, in table order, its parameters as properties. */",
            "sealed class DeepLink {",
            "    /** The route's name in the table. */",
            "    abstract fun routeName(): kotlin.String", "",
            "    /** The parameter values present, by their table names, in declaration order. */",
            "    abstract fun parameterValues(): kotlin.collections.List<kotlin.Pair<kotlin.String, kotlin.String>>", "",
            "    internal abstract fun routeIndex(): kotlin.Int", "",
            "    internal abstract fun values(): kotlin.Array<kotlin.String?>", "",
            "    /** The canonical Universal Link (as `/link` gives it); null when no domain may open the route, its path has `*` or `**`, or a value breaks its rule. */",
            "    fun universalLink(): kotlin.String? = DeepLinkTable.links(routeIndex(), values())?.universal", "",
            "    /** The canonical custom-scheme link; null when no scheme may open the route, or as for `universalLink()`. */",
            "    fun appLink(): kotlin.String? = DeepLinkTable.links(routeIndex(), values())?.app", "",
            "    /** Whether the route's values are secrets (never log or show them). */",
            "    fun isSecret(): kotlin.Boolean = " + isSecretBody, "",
            "    /** The notification the table names for the route, if any. */",
            "    fun notification(): kotlin.String? = " + whenBody { KotlinLiteral.string($0.route.notification) }, "",
            "    /** The feature the route requires, if any. */",
            "    fun requiredFeature(): DeepLinkFeature? = "
                + whenBody { route in route.route.feature.map { "DeepLinkFeature." + (KotlinName.type(for: $0) ?? "Entry") } ?? "null" },
            "",
            "    /** The navigation stack the link opens, outermost first, ending with the link itself: reset, then push. */",
            "    fun stack(): kotlin.collections.List<DeepLink> = " + stackBody, "",
            "    /** Whether the app handles the link in `state` with `features` enabled: `Ignore` when the route requires a feature not in `features` or its gate does not admit `state`. */",
            "    fun action(state: DeepLinkAppState, features: kotlin.collections.Set<DeepLinkFeature>): DeepLinkAction {",
            "        val feature = requiredFeature()",
            "        if (feature != null && !features.contains(feature)) return DeepLinkAction.Ignore",
            "        return " + gateBody,
            "    }", "",
            "    /** `action(state, features)` with no feature enabled. */",
            "    fun action(state: DeepLinkAppState): DeepLinkAction = action(state, emptySet())", "",
        ]
        for route in routes { lines += caseClass(route) }
        lines += [
            "    companion object {",
            "        /** The link `url` opens, or why it opens none: the same outcome as the server's `/resolve`. */",
            "        @JvmStatic",
            "        fun parse(url: kotlin.String): DeepLinkParse = DeepLinkTable.resolve(url)", "",
            "        /** The link `url` opens, or null when no route takes it. */",
            "        @JvmStatic",
            "        fun from(url: kotlin.String): DeepLink? = (parse(url) as? DeepLinkParse.Link)?.link",
            "    }",
            "}", "",
        ]
        return lines.joined(separator: "\n")
    }

    private func caseClass(_ route: KotlinRoute) -> [String] {
        let values = route.parameters.map { "this.\($0.property)" }
        let pairs = route.parameters.map { parameter in
            parameter.isRequired
                ? "(\(KotlinLiteral.string(parameter.name)) to this.\(parameter.property))"
                : "this.\(parameter.property)?.let { \(KotlinLiteral.string(parameter.name)) to it }"
        }
        var lines = [
            "    /** Route `\(KotlinLiteral.comment(route.route.name).replacing("*/", with: "*\\/"))`. */",
            "    \(route.header) {",
            "        override fun routeName(): kotlin.String = \(KotlinLiteral.string(route.route.name))",
            "        override fun parameterValues(): kotlin.collections.List<kotlin.Pair<kotlin.String, kotlin.String>> = listOfNotNull(\(pairs.joined(separator: ", ")))",
            "        override fun routeIndex(): kotlin.Int = \(route.index)",
            "        override fun values(): kotlin.Array<kotlin.String?> = arrayOf<kotlin.String?>(\(values.joined(separator: ", ")))",
        ]
        if route.route.isSecret || route.parameters.isEmpty {
            let shown = route.parameters.map { "\(KotlinLiteral.comment($0.name).filter { $0 != "\"" && $0 != "\\" && $0 != "$" })=<redacted>" }
            let text = route.parameters.isEmpty ? route.className : route.className + "(" + shown.joined(separator: ", ") + ")"
            lines.append("        override fun toString(): kotlin.String = \(KotlinLiteral.string(text))")
        }
        return lines + ["    }", ""]
    }

    /// `when (this) { is A -> …; … }` with one branch per route.
    private func whenBody(_ value: (KotlinRoute) -> String) -> String {
        "when (this) {\n" + routes.map { "        is \($0.className) -> \(value($0))" }.joined(separator: "\n") + "\n    }"
    }

    private var isSecretBody: String {
        let secret = routes.filter(\.route.isSecret)
        guard !secret.isEmpty else { return "false" }
        return secret.map { "this is \($0.className)" }.joined(separator: " || ")
    }

    private var stackBody: String {
        let stacked = routes.filter { !$0.route.stack.isEmpty }
        guard !stacked.isEmpty else { return "listOf(this)" }
        var lines = ["when (this) {"]
        for route in stacked {
            let below = route.route.stack.compactMap { name in routes.first { $0.route.name == name } }
            lines.append("        is \(route.className) -> listOf(" + (below.map { $0.built(from: route) } + ["this"]).joined(separator: ", ") + ")")
        }
        lines.append("        else -> listOf(this)")
        return lines.joined(separator: "\n") + "\n    }"
    }

    private var gateBody: String {
        var lines = ["when (this) {"]
        for gate in table.gates.keys.sorted() {
            let gated = routes.filter { $0.route.gate == gate }
            guard !gated.isEmpty else { continue }
            let members = table.gates[gate] ?? []
            let admitted = table.states.filter { members.contains($0) }.map { "DeepLinkAppState." + (KotlinName.type(for: $0) ?? "Entry") }
            lines.append(
                "            " + gated.map { "is \($0.className)" }.joined(separator: ", ")
                    + " -> if (setOf<DeepLinkAppState>(\(admitted.joined(separator: ", "))).contains(state)) DeepLinkAction.Dispatch else DeepLinkAction.Ignore"
            )
        }
        lines.append("            else -> DeepLinkAction.Dispatch")
        return lines.joined(separator: "\n") + "\n        }"
    }
}
