extension Problems {
    /// Checks each gate's `wait`, `resume` and `expiry` against the table's states and the states the gate admits.
    mutating func checkHolds(of gates: [GateDefinition], states: [String]) {
        guard !isVouched else { return }
        for gate in gates where !gate.hold.isEmpty {
            let label = "gate '\(gate.name.value.visible)'"
            let admitted = Set(gate.states.map(\.value))
            let waiting = checkWaitStates(gate.hold, label: label, states: states, line: gate.name.line)
            for state in gate.hold.waitStates ?? [] where admitted.contains(state.value) {
                error(
                    state.line,
                    "\(label): state '\(state.value.visible)' is both admitted and in wait; a link cannot be dispatched and held in the same state")
            }
            let refusesSome = states.contains { !admitted.contains($0) && !waiting.contains($0) }
            if let resumes = gate.hold.resumes, resumes.value, !refusesSome {
                warning(resumes.line ?? gate.name.line, "\(label): resume has no effect: the gate refuses no state")
            }
            checkExpiry(gate.hold, holdsSome: !waiting.isEmpty || (gate.hold.resumes?.value == true && refusesSome), label: label, line: gate.name.line)
        }
    }

    /// Checks a route's `wait`, `resume`, `expiry` and `presentation`, and compiles them over its gate's.
    mutating func checkDelivery(of definition: RouteDefinition, label: String, context: RouteContext) -> Delivery {
        let gate = definition.gate.map(\.value)
        let gateHold = gate.flatMap { context.gateHolds[$0] } ?? HoldDefinition()
        let hold = definition.hold
        var waiting = checkWaitStates(hold, label: label, states: context.states, line: definition.line)
        if hold.waitStates == nil { waiting = Set((gateHold.waitStates ?? []).map(\.value)) }
        if !context.states.isEmpty, context.states.allSatisfy(waiting.contains) {
            error(hold.waitStates?.first?.line ?? definition.line, "\(label) waits in every state, so its links are never opened")
        }
        let admitted = gate.flatMap { context.gates[$0] }
        let refusesSome = admitted.map { admitted in context.states.contains { !admitted.contains($0) && !waiting.contains($0) } } ?? false
        if let resumes = hold.resumes, resumes.value {
            if gate == nil {
                error(resumes.line ?? definition.line, "\(label): resume needs a gate: no state refuses a route without one")
            } else if admitted != nil, !refusesSome {
                warning(resumes.line ?? definition.line, "\(label): resume has no effect: its gate refuses no state")
            }
        }
        let resumes = (hold.resumes ?? gateHold.resumes)?.value ?? false
        checkExpiry(hold, holdsSome: !waiting.isEmpty || (resumes && refusesSome), label: label, line: definition.line)
        return Delivery(
            waitStates: waiting, resumes: resumes, expiry: (hold.expiry ?? gateHold.expiry)?.value ?? Delivery.defaultExpiry,
            presentation: checkPresentation(of: definition, label: label))
    }

    private mutating func checkPresentation(of definition: RouteDefinition, label: String) -> Delivery.Presentation {
        let fallback: Delivery.Presentation = definition.isSecret ? .none : .replace
        guard let written = definition.presentation else { return fallback }
        guard let presentation = Delivery.Presentation(rawValue: written.value) else {
            error(written.line, "\(label): unknown presentation '\(written.value.visible)' (use push, replace or none)")
            return fallback
        }
        if definition.isSecret, presentation != .none {
            error(
                written.line,
                "\(label) is secret: presentation '\(presentation.rawValue)' would put its values on the navigation path, which SwiftUI may save; use none")
        }
        if presentation == .none, !definition.stack.isEmpty {
            warning(written.line, "\(label): stack has no effect with presentation 'none': its links never reach the navigation path")
        }
        return presentation
    }

    /// The states of `hold`'s `wait`, each checked: known, listed once, and the list not empty.
    private mutating func checkWaitStates(_ hold: HoldDefinition, label: String, states: [String], line: Int?) -> Set<String> {
        guard let written = hold.waitStates else { return [] }
        if written.isEmpty { error(line, "\(label): wait lists no state") }
        var waiting: Set<String> = []
        for state in written {
            if !states.contains(state.value) {
                error(state.line, "\(label): wait: unknown state '\(state.value.visible)' (not in states)")
            } else if !waiting.insert(state.value).inserted {
                error(state.line, "\(label): wait lists '\(state.value.visible)' twice")
            }
        }
        return waiting
    }

    private mutating func checkExpiry(_ hold: HoldDefinition, holdsSome: Bool, label: String, line: Int?) {
        guard let expiry = hold.expiry else { return }
        if expiry.value < 1 {
            error(expiry.line ?? line, "\(label): expiry \(expiry.value) s is not a duration; a held link is kept at least 1 second")
        } else if expiry.value > Delivery.longestExpiry {
            error(
                expiry.line ?? line,
                "\(label): expiry \(expiry.value) s is more than a day (\(Delivery.longestExpiry) s): a link held that long is not what the user asked for now")
        }
        if !holdsSome {
            warning(expiry.line ?? line, "\(label): expiry has no effect: no link is ever held (add wait or resume)")
        }
    }
}
