/// What the app does with a matched URL in a given state.
public enum Action: String, Sendable {
    /// Post the route's notification.
    case dispatch
    /// Drop it: the route's gate does not admit the state, or its feature is not enabled.
    case ignore
    /// Hold it and decide again on the next state: the app cannot decide yet, or the gate keeps it until a state it
    /// admits.
    case wait
    /// Ask for a newer app: the route needs a version newer than the app's (`minAppVersion`).
    case update
}
