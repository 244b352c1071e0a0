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
            "    /** The oldest version of the app that opens the link (its route's `minAppVersion`), if any. */",
            "    fun minAppVersion(): kotlin.String? = " + whenBody { KotlinLiteral.string($0.route.minAppVersion?.text) }, "",
            "    /** What the app at `appVersion` does with the link in `state` with `features` enabled, in the server's order: `Update` when `appVersion` is older than `minAppVersion()`; else as `action(state, features)`. A null `appVersion`, or one that is no version, asks for no update. */",
            "    fun action(state: DeepLinkAppState, features: kotlin.collections.Set<DeepLinkFeature>, appVersion: kotlin.String?): DeepLinkAction {",
            "        val minimum = minAppVersion()",
            "        if (appVersion != null && minimum != null && DeepLinkVersion.isOlder(appVersion, minimum)) return DeepLinkAction.Update",
            "        return action(state, features)",
            "    }", "",
            "    /** What the app does with the link in `state` with `features` enabled, in the server's order: `Wait` when `waitReason(state)` gives one; `Ignore` when its gate does not admit `state` or it requires a feature not in `features`; else `Dispatch`. */",
            "    fun action(state: DeepLinkAppState, features: kotlin.collections.Set<DeepLinkFeature>): DeepLinkAction {",
            "        if (waitReason(state) != null) return DeepLinkAction.Wait",
            "        if (" + gateBody + ") return DeepLinkAction.Ignore",
            "        val feature = requiredFeature()",
            "        if (feature != null && !features.contains(feature)) return DeepLinkAction.Ignore",
            "        return DeepLinkAction.Dispatch",
            "    }", "",
            "    /** Why the app holds the link in `state`, or null when it does not: the route waits in `state` (`UndecidedState`), or its gate refuses `state` and keeps such links (`NotYetAdmitted`). */",
            "    fun waitReason(state: DeepLinkAppState): DeepLinkWaitReason? = " + waitBody, "",
            "    /** How many seconds a held link is kept before it is dropped: its route's `expiry`. */",
            "    fun holdExpirySeconds(): kotlin.Int = " + whenBody { "\($0.route.delivery.expiry)" }, "",
            "    /** What opening the link does to the back stack: its route's `presentation` (`None` for every secret route). */",
            "    fun presentation(): DeepLinkPresentation = "
                + whenBody { "DeepLinkPresentation." + Self.presentationEntries[$0.route.delivery.presentation, default: "Replace"] },
            "",
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

    /// The `DeepLinkPresentation` entry of each presentation.
    private static let presentationEntries: [Delivery.Presentation: String] = [.push: "Push", .replace: "Replace", .none: "None"]

    /// A Kotlin expression that is true when the link's gate does not admit `state`.
    private var gateBody: String {
        var lines = ["when (this) {"]
        for gate in table.gates.keys.sorted() {
            let gated = routes.filter { $0.route.gate == gate }
            guard !gated.isEmpty else { continue }
            lines.append(
                "            " + gated.map { "is \($0.className)" }.joined(separator: ", ") + " -> !" + stateSet(table.gates[gate] ?? []) + ".contains(state)")
        }
        lines.append("            else -> false")
        return lines.joined(separator: "\n") + "\n        }"
    }

    /// `waitReason(state)`: for each route that holds links, the states it waits in, then whether its gate keeps what it refuses.
    private var waitBody: String {
        let holding = routes.filter { !$0.route.delivery.waitStates.isEmpty || ($0.route.delivery.resumes && $0.route.gate != nil) }
        guard !holding.isEmpty else { return "null" }
        var lines = ["when (this) {"]
        for route in holding {
            let delivery = route.route.delivery
            var conditions: [String] = []
            if !delivery.waitStates.isEmpty { conditions.append("if (\(stateSet(delivery.waitStates)).contains(state)) DeepLinkWaitReason.UndecidedState") }
            if delivery.resumes, let gate = route.route.gate {
                conditions.append("if (!\(stateSet(table.gates[gate] ?? [])).contains(state)) DeepLinkWaitReason.NotYetAdmitted")
            }
            lines.append("        is \(route.className) -> " + conditions.joined(separator: " else ") + " else null")
        }
        lines.append("        else -> null")
        return lines.joined(separator: "\n") + "\n    }"
    }

    /// `setOf<DeepLinkAppState>(…)` of `states`, in the table's order.
    private func stateSet(_ states: Set<String>) -> String {
        "setOf<DeepLinkAppState>("
            + table.states.filter(states.contains).map { "DeepLinkAppState." + (KotlinName.type(for: $0) ?? "Entry") }.joined(separator: ", ") + ")"
    }
}
