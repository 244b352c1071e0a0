/// Why a matched URL is ignored, when the route's gate is not the reason.
package enum IgnoreReason: String, Sendable {
    /// The route requires a feature the app does not have enabled.
    case featureDisabled
}
