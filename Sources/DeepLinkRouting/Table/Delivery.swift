/// How the app receives a route's links: in which states it holds one rather than dispatching or ignoring it, how
/// long a held one is kept, and what opening one does to the navigation path. Compiled from the route's keys over
/// its gate's.
package struct Delivery: Sendable, Hashable {
    /// How long a held link is kept when neither the route nor its gate says: five minutes.
    package static let defaultExpiry = 300
    /// The longest expiry `check` accepts: a day. A link held longer is not what the user asked for now.
    package static let longestExpiry = 86_400

    /// The states in which a link is held because the app cannot decide yet.
    package let waitStates: Set<String>
    /// Whether a link the route's gate refuses is held until a state it admits.
    package let resumes: Bool
    /// How long a held link is kept, in seconds.
    package let expiry: Int
    /// What opening a link does to the navigation path.
    package let presentation: Presentation

    /// A delivery.
    package init(waitStates: Set<String> = [], resumes: Bool = false, expiry: Int = Self.defaultExpiry, presentation: Presentation = .replace) {
        self.waitStates = waitStates
        self.resumes = resumes
        self.expiry = expiry
        self.presentation = presentation
    }

    /// What opening a link does to the app's navigation path (`presentation:` in the table).
    package enum Presentation: String, Sendable, Hashable, CaseIterable {
        /// Append the link to the path.
        case push
        /// Reset the path to the link's stack (its `stack` routes, then the link).
        case replace
        /// Leave the path alone: the link drives the coordinator (a sign-in), never a screen on the path.
        case none
    }
}
