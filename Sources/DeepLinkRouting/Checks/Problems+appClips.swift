extension Problems {
    /// Checks `app.appClips`: each is `TEAMID.bundle.id`, named after one of the apps.
    mutating func checkAppClips(_ app: AppDefinition) {
        guard !isVouched else { return }
        for clip in app.appClips {
            guard Self.isAppID(clip.value) else {
                error(clip.line, "app: App Clip '\(clip.value)' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)")
                continue
            }
            if !app.appIDs.contains(where: { clip.value.hasPrefix($0.value + ".") }) {
                warning(
                    clip.line,
                    "app: App Clip '\(clip.value)' does not start with an app of appIDs: an App Clip's bundle ID is its app's with one more component (TEAMID.bundle.id.Clip)"
                )
            }
        }
    }

    /// Checks a route's `appClip: true`: the route is public and opens from an `https` link, and there is an App Clip.
    mutating func checkAppClip(_ definition: RouteDefinition, scopes: [Scope], label: String, context: RouteContext) {
        guard !isVouched else { return }
        guard let appClip = definition.appClip, appClip.value else { return }
        let line = appClip.line ?? definition.line
        if definition.isSecret {
            error(line, "\(label): appClip is true but the route is secret: an App Clip would be handed its secret, and its page offered to anyone")
        }
        let isUniversal = scopes.contains { if case .universal = $0 { true } else { $0 == .anyUniversal } }
        if !isUniversal {
            error(line, "\(label): appClip is true but the route is not Universal (no universal scope): App Clips open only from https links")
        }
        if context.app.appClips.isEmpty {
            error(line, "\(label): appClip is true but app.appClips lists no App Clip (write TEAMID.bundle.id.Clip)")
        } else if context.app.appStoreID == nil {
            warning(line, "\(label): appClip is true but app.appStoreID is not set, so its landing page has no Smart App Banner and no App Clip card")
        }
    }
}
