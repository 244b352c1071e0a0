/// What resolving one URL gives: the intent the app would dispatch, or why there is none.
package struct ResolveResult: Sendable {
    /// The URL as given.
    package let url: String
    /// The table that resolved it, for the canonical links and the stack the result prints (one reference).
    package let table: RouteTable
    /// Matched or not, and why.
    package let outcome: ResolveOutcome
    /// What the app does in the given state with the given features; nil when neither was given, when the one not
    /// given decides, or when nothing matched.
    package let action: Action?
    /// Why the app ignores the URL, when it does because of a feature.
    package let ignoreReason: IgnoreReason?
    /// Why the app holds the URL, when the action is `wait`.
    package var waitReason: WaitReason? = nil
    /// The oldest version of the app that opens the URL, when the action is `update`.
    package var minAppVersion: AppVersion? = nil
}
