/// Why the app holds a matched URL instead of dispatching or ignoring it (`"action": "wait"`).
package enum WaitReason: String, Sendable, CaseIterable {
    /// The state is one in which the route's gate (or the route) waits: the app cannot decide yet (`launching`).
    case undecidedState
    /// The route's gate refuses the state, and keeps the link until a state it admits (or until it expires).
    case notYetAdmitted
}
