import DeepLinkRouting
import DeepLinkWire
import FuzzSupport

/// One fuzz input: the bytes, read as UTF-8, are a URL resolved by the default table.
@main
enum ResolveFuzzer {
    static func main() {
        Fuzzer.run(resolveFuzzerTestOneInput)
    }
}

/// libFuzzer's callback; also exported under the name libFuzzer's own `main` object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
package func resolveFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ResolveChecks(table: Repository.defaultTable).check(text(data, size))
    return 0
}

/// What must hold for any URL the table resolves.
struct ResolveChecks {
    let table: RouteTable

    func check(_ url: String) {
        let outcome = table.resolve(url)
        let isTooLong = url.utf8.count > RouteTable.maximumURLLength
        invariant(isTooLong == (outcome.unmatched?.reason == .tooLong), "tooLong if and only if over the limit, for \(url.utf8.count) bytes")
        for state in representativeStates {
            checkResult(of: url, state: state)
        }
        switch outcome {
        case .matched(let match): checkLinks(of: match, url: url)
        case .unmatched(let unmatched): checkReason(unmatched, url: url)
        }
    }

    /// `resolve(_:state:)` accepts every known state, and its JSON says what the outcome says.
    private func checkResult(of url: String, state: String?) {
        let result: ResolveResult
        do {
            result = try table.resolve(url, state: state)
        } catch {
            fatalError("invariant violated: known state \(state ?? "nil") refused: \(error)")
        }
        let json = result.json()
        let object = parsedObject(json, "the resolve result of \(url.debugDescription)")
        invariant(sameBytes(object["url"] as? String, url), "the result's url is the URL given: \(json)")
        switch result.outcome {
        case .matched(let match):
            invariant(object["matched"] as? Bool == true, "matched is true: \(json)")
            invariant(sameBytes(object["route"] as? String, match.route.name), "route is the route's name: \(json)")
            let params = object["params"] as? [String: String] ?? [:]
            invariant(params.count == match.parameters.count, "params has every parameter: \(json)")
            for parameter in match.parameters {
                invariant(sameBytes(params[parameter.name], parameter.value), "param \(parameter.name) is its value: \(json)")
            }
            let expected = state.map { expectedAction(of: match.route, in: $0) }
            invariant(object["action"] as? String == expected?.action, "action for state \(state ?? "nil") is \(expected?.action ?? "absent"): \(json)")
            invariant(object["reason"] as? String == expected?.reason, "reason for state \(state ?? "nil") is \(expected?.reason ?? "absent"): \(json)")
        case .unmatched(let unmatched):
            invariant(object["matched"] as? Bool == false, "matched is false: \(json)")
            invariant(object["reason"] as? String == unmatched.reason.rawValue, "reason is the outcome's: \(json)")
            invariant(object["action"] == nil, "an unmatched result has no action: \(json)")
        }
    }

    /// What the app does with a link of `route` in `state`, read from the table's keys: held in a state the route
    /// waits in, whatever its gate says; dispatched where its gate admits the state; otherwise held until a state
    /// the gate admits when the route resumes, else ignored.
    private func expectedAction(of route: Route, in state: String) -> (action: String, reason: String?) {
        if route.delivery.waitStates.contains(state) { return ("wait", "undecidedState") }
        let isAdmitted = route.gate.map { table.gates[$0]?.contains(state) ?? false } ?? true
        if isAdmitted { return ("dispatch", nil) }
        return route.delivery.resumes ? ("wait", "notYetAdmitted") : ("ignore", nil)
    }

    /// A match's canonical links resolve again to the same route and parameters, and building the link from the
    /// intent gives the same links.
    private func checkLinks(of match: RouteMatch, url: String) {
        for parameter in match.parameters {
            let rule = match.route.parameter(named: parameter.name)?.rule
            invariant(rule?.validate(parameter.value[...]) == nil, "\(url.debugDescription): parameter \(parameter.name) breaks its rule")
        }
        let links = table.links(for: match)
        invariant(links.universal != nil || links.app != nil, "\(url.debugDescription) matched \(match.route.name), which has no link")
        for link in [links.universal, links.app].compactMap({ $0 }) {
            guard case .matched(let again) = table.resolve(link) else {
                fatalError("invariant violated: \(url.debugDescription) matched \(match.route.name) but its link \(link) does not resolve")
            }
            invariant(again.route.name == match.route.name, "\(link) resolves to \(again.route.name), not \(match.route.name)")
            invariant(sameParameters(again, match), "\(link) resolves to other parameters than \(url.debugDescription)")
            invariant(table.links(for: again) == links, "the links of \(link) are not the links of \(url.debugDescription)")
        }
        guard !match.route.pattern.hasWildcards else { return }
        let values = Dictionary(match.parameters.map { ($0.name, $0.value) }) { _, last in last }
        do {
            let built = try table.links(route: match.route.name, parameters: values)
            invariant(built == links, "links(route:parameters:) differs from links(for:) for \(url.debugDescription)")
        } catch {
            fatalError("invariant violated: the intent of \(url.debugDescription) cannot be linked: \(error)")
        }
    }

    private func checkReason(_ unmatched: Unmatched, url: String) {
        invariant(!unmatched.detail.isEmpty, "\(unmatched.reason) has a detail")
        switch unmatched.reason {
        case .invalidParameter:
            invariant(unmatched.route != nil && unmatched.parameter != nil, "invalidParameter names the route and parameter")
        case .channelNotAllowed:
            invariant(unmatched.route != nil, "channelNotAllowed names the route")
        default:
            break
        }
    }

    /// No state, and one state for each distinct set of gates admitting it: every kind of action, in fewer runs.
    private var representativeStates: [String?] {
        var seen: Set<[String]> = []
        let states = table.states.filter { state in
            seen.insert(table.gates.filter { $0.value.contains(state) }.keys.sorted()).inserted
        }
        return [nil] + states
    }

    private func sameParameters(_ left: RouteMatch, _ right: RouteMatch) -> Bool {
        left.parameters.count == right.parameters.count
            && zip(left.parameters, right.parameters).allSatisfy { $0.name == $1.name && sameBytes($0.value, $1.value) }
    }
}

extension ResolveOutcome {
    var unmatched: Unmatched? {
        if case .unmatched(let unmatched) = self { unmatched } else { nil }
    }
}
