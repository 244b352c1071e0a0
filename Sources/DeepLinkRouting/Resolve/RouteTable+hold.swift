extension RouteTable {
    /// What `state` alone makes of a link of `route`: `wait` (with why) when the route waits in the state, or its gate
    /// refuses the state and keeps the link until one it admits; `ignore` when its gate refuses the state; nil when
    /// the state admits it (an enabled feature may still be needed).
    ///
    /// The order is the one `/resolve` and the generated code follow: a state the route waits in holds the link
    /// whatever its gate says; then the gate; then, outside this function, the feature.
    package func heldOrRefused(_ route: Route, in state: String) -> (action: Action, waitReason: WaitReason?)? {
        let delivery = route.delivery
        if delivery.waitStates.contains(state) { return (.wait, .undecidedState) }
        guard let gate = route.gate, !(gates[gate]?.contains(state) ?? false) else { return nil }
        return delivery.resumes ? (.wait, .notYetAdmitted) : (.ignore, nil)
    }
}

extension Route {
    /// Whether the app's state can change what the app does with the route's links: it has a gate, or states it
    /// waits in.
    package var dependsOnState: Bool {
        gate != nil || !delivery.waitStates.isEmpty
    }
}
