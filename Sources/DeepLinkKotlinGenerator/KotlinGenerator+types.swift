import DeepLinkRouting

extension KotlinGenerator {
    /// The app states, features, actions, reasons and the parse result.
    var supportingTypes: String {
        var lines = [
            "/** The states the app can be in, as the table lists them; `wireName` is the table's name. */",
            enumeration("DeepLinkAppState", table.states), "",
            "/** The app features a route may require; `wireName` is the table's name. */",
            enumeration("DeepLinkFeature", table.features), "",
            "/** What the app does with a link in a state: post it, hold it and decide again on the next state, or drop it. */",
            "enum class DeepLinkAction { Dispatch, Wait, Ignore, Update }", "",
            "/** App versions as the table's `minAppVersion` and the server's `appVersion` read them: 1 to 3 dot-separated whole numbers of at most 9 digits, compared as numbers, a missing one counting as 0. */",
            "internal object DeepLinkVersion {",
            "    /** The three components of `text`, or null when it is no version. */",
            "    fun components(text: kotlin.String): kotlin.IntArray? {",
            "        val parts = text.split('.')",
            "        if (parts.size > 3) return null",
            "        val components = IntArray(3)",
            "        for ((index, part) in parts.withIndex()) {",
            "            if (part.isEmpty() || part.length > 9 || part.any { it < '0' || it > '9' }) return null",
            "            components[index] = part.toInt()",
            "        }",
            "        return components",
            "    }", "",
            "    /** Whether `version` is a version older than `minimum`. */",
            "    fun isOlder(version: kotlin.String, minimum: kotlin.String): kotlin.Boolean {",
            "        val have = components(version) ?: return false",
            "        val need = components(minimum) ?: return false",
            "        for (index in 0 until 3) if (have[index] != need[index]) return have[index] < need[index]",
            "        return false",
            "    }",
            "}", "",
            "/** Why a link is held (`DeepLinkAction.Wait`): the server's `reason` beside `\"action\": \"wait\"`, its name there as `wireName`. */",
            "enum class DeepLinkWaitReason(val wireName: kotlin.String) {",
            "    /** The route waits in the state: the app cannot decide yet (`launching`). */",
            "    UndecidedState(\"undecidedState\"),",
            "    /** The route's gate refuses the state and keeps the link until a state it admits. */",
            "    NotYetAdmitted(\"notYetAdmitted\")",
            "}", "",
            "/** What opening a link does to the navigation back stack: the table's `presentation` of its route. */",
            "enum class DeepLinkPresentation {",
            "    /** Add the link on top of the back stack. */",
            "    Push,",
            "    /** Reset the back stack to the link's `stack()`. */",
            "    Replace,",
            "    /** Leave the back stack alone: the link drives a flow (a sign-in), never a screen on it. */",
            "    None",
            "}", "",
            "/** Why a URL opens no link: the server's `reason`, its name there as `wireName`. */",
            "enum class DeepLinkReason(val wireName: kotlin.String) {",
        ]
        lines.append(
            UnmatchedReason.allCases.map { "    \(KotlinName.type(for: $0.rawValue) ?? "Reason")(\(KotlinLiteral.string($0.rawValue)))" }.joined(
                separator: ",\n"))
        lines += [
            "}", "",
            "/** Why a URL opens no link, as the server's `/resolve` says it: reason, detail, and the route and parameter concerned. */",
            "data class DeepLinkUnmatched(val reason: DeepLinkReason, val detail: kotlin.String, val route: kotlin.String?, val parameter: kotlin.String?)", "",
            "/** The canonical links of an intent: the Universal Link and the custom-scheme link (null where none may open it). */",
            "data class DeepLinkLinks(val universal: kotlin.String?, val app: kotlin.String?)", "",
            "/** What parsing a URL gives: the link (with how it came: `universal` or `app`, the alias it matched, its canonical links), or why none. */",
            "sealed class DeepLinkParse {",
            "    data class Link(val link: DeepLink, val channel: kotlin.String, val via: kotlin.String?, val links: DeepLinkLinks) : DeepLinkParse() {",
            "        override fun toString(): kotlin.String =",
            "            if (link.isSecret()) \"Link(link=$link, channel=$channel, via=$via, links=<redacted>)\" else \"Link(link=$link, channel=$channel, via=$via, links=$links)\"",
            "    }",
            "",
            "    data class Unmatched(val unmatched: DeepLinkUnmatched) : DeepLinkParse()",
            "}", "",
        ]
        return lines.joined(separator: "\n")
    }

    private func enumeration(_ type: String, _ names: [String]) -> String {
        guard !names.isEmpty else { return "enum class \(type)(val wireName: kotlin.String)" }
        let entries = names.map { "    \(KotlinName.type(for: $0) ?? "Entry")(\(KotlinLiteral.string($0)))" }
        return "enum class \(type)(val wireName: kotlin.String) {\n" + entries.joined(separator: ",\n") + "\n}"
    }
}
