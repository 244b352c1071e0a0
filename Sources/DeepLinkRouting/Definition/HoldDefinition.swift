/// When a gate or a route holds a link instead of dispatching or ignoring it, as written: the `wait`, `resume` and
/// `expiry` keys of a gate written as a mapping, or of a route (which override its gate's).
package struct HoldDefinition: Sendable {
    /// The states in which a link is held because the app cannot decide yet (`launching`); nil when not written.
    package var waitStates: [Located<String>]?
    /// Whether a link the gate refuses is held until a state it admits; nil when not written.
    package var resumes: Located<Bool>?
    /// How long a held link is kept, in seconds; nil when not written.
    package var expiry: Located<Int>?

    /// A hold as written; every key absent by default.
    package init(waitStates: [Located<String>]? = nil, resumes: Located<Bool>? = nil, expiry: Located<Int>? = nil) {
        self.waitStates = waitStates
        self.resumes = resumes
        self.expiry = expiry
    }

    /// Whether no key is written.
    package var isEmpty: Bool {
        waitStates == nil && resumes == nil && expiry == nil
    }
}
