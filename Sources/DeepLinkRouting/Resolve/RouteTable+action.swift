extension RouteTable {
    /// Throws unless `state` is one of the table's states.
    package func validate(state: String) throws(UnknownStateError) {
        guard states.contains(state) else { throw UnknownStateError(state: state, known: states) }
    }

    /// Throws unless every one of `features` is one of the table's features.
    package func validate(features: some Sequence<String>) throws(UnknownFeatureError) {
        for feature in features where !self.features.contains(feature) { throw UnknownFeatureError(feature: feature, known: self.features) }
    }

    /// Throws unless `state`, when given, is one of the table's states and every one of `features` is one of its
    /// features (the first unknown in sorted order is named).
    package func validate(state: String?, features: Set<String>?) throws(ResolveInputError) {
        do {
            if let state { try validate(state: state) }
        } catch {
            throw .state(error)
        }
        do {
            if let features { try validate(features: features.sorted()) }
        } catch {
            throw .feature(error)
        }
    }

    /// Resolves `url` as the app would, and says what the app does in `state` when one is given.
    package func resolve(_ url: String, state: String?) throws(UnknownStateError) -> ResolveResult {
        if let state { try validate(state: state) }
        return decide(url, outcome: resolve(url), state: state, features: nil)
    }

    /// Resolves `url` as the app would, and says what the app does in `state` with `features` enabled when either
    /// is given: `wait` when the state is one the route waits in, or its gate refuses the state and keeps the link;
    /// `ignore` when the route's gate does not admit the state or its feature is not enabled; `dispatch` when what
    /// was given admits it and nothing that was not given could refuse it.
    ///
    /// - Parameters:
    ///   - url: An absolute URL, as for ``resolve(_:)``.
    ///   - state: The state the app is in, one of the table's `states`; nil to leave gates undecided.
    ///   - features: The features the app has enabled, each one of the table's; nil to leave features undecided.
    /// - Returns: The outcome, with the action and, for a feature not enabled, the reason.
    /// - Throws: ``ResolveInputError`` when the state or a feature is not one the table knows.
    package func resolve(_ url: String, state: String?, features: Set<String>?) throws(ResolveInputError) -> ResolveResult {
        try resolve(url, state: state, features: features, appVersion: nil)
    }

    /// Resolves `url` as ``resolve(_:state:features:)`` does, and first says `update` when `appVersion` is given and
    /// is older than the route's `minAppVersion`: a build too old for the route has no case for it, so what its gate,
    /// waits and feature would say is the newer build's to decide. Without `appVersion` nothing asks for an update.
    ///
    /// - Parameters:
    ///   - url: An absolute URL, as for ``resolve(_:)``.
    ///   - state: The state the app is in, one of the table's `states`; nil to leave gates undecided.
    ///   - features: The features the app has enabled, each one of the table's; nil to leave features undecided.
    ///   - appVersion: The app's version; nil when not known.
    /// - Returns: The outcome, with the action and its reason or minimum version.
    /// - Throws: ``ResolveInputError`` when the state or a feature is not one the table knows.
    package func resolve(_ url: String, state: String?, features: Set<String>?, appVersion: AppVersion?) throws(ResolveInputError) -> ResolveResult {
        try validate(state: state, features: features)
        let outcome = resolve(url)
        if let appVersion, case .matched(let match) = outcome, let minimum = match.route.minAppVersion, appVersion < minimum {
            return ResolveResult(url: url, table: self, outcome: outcome, action: .update, ignoreReason: nil, minAppVersion: minimum)
        }
        return decide(url, outcome: outcome, state: state, features: features, isVersionGiven: appVersion != nil)
    }

    private func decide(_ url: String, outcome: ResolveOutcome, state: String?, features: Set<String>?, isVersionGiven: Bool = false) -> ResolveResult {
        guard state != nil || features != nil || isVersionGiven, case .matched(let match) = outcome else {
            return ResolveResult(url: url, table: self, outcome: outcome, action: nil, ignoreReason: nil)
        }
        let route = match.route
        if let state, let (action, waitReason) = heldOrRefused(route, in: state) {
            return ResolveResult(url: url, table: self, outcome: outcome, action: action, ignoreReason: nil, waitReason: waitReason)
        }
        if let features, let feature = route.feature, !features.contains(feature) {
            return ResolveResult(url: url, table: self, outcome: outcome, action: .ignore, ignoreReason: .featureDisabled)
        }
        let isDecided = (!route.dependsOnState || state != nil) && (route.feature == nil || features != nil)
        return ResolveResult(url: url, table: self, outcome: outcome, action: isDecided ? .dispatch : nil, ignoreReason: nil)
    }
}
