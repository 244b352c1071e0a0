extension Route {
    /// Whether every URL this route accepts is also accepted by `self`, so `self`, tried first, always wins.
    ///
    /// Conservative: a `true` is certain; a `false` may miss an exotic subsumption.
    func covers(_ other: Route) -> Bool {
        guard coversPath(of: other) else { return false }
        return parameters.filter { !$0.isInPath }.allSatisfy { mine in
            guard let theirs = other.parameter(named: mine.name), !theirs.isInPath else { return false }
            return mine.rule.covers(theirs.rule) && (!mine.rule.isRequired || theirs.rule.isRequired)
        }
    }

    /// Whether this route and `other`, on the very same pattern, are told apart by the query: each requires a query
    /// parameter the other does not declare (an OAuth redirect's `error` and its `code`). A URL carrying both goes to
    /// the earlier one, as the table says; any other URL goes to at most one. A route that requires nothing of the
    /// query is not set apart: every URL the earlier one takes, it would take too.
    func isSetApartByQuery(from other: Route) -> Bool {
        pattern == other.pattern && requiresQueryParameter(undeclaredBy: other) && other.requiresQueryParameter(undeclaredBy: self)
    }

    private func requiresQueryParameter(undeclaredBy other: Route) -> Bool {
        parameters.contains { !$0.isInPath && $0.rule.isRequired && other.parameter(named: $0.name) == nil }
    }

    /// Whether some URL path could match both routes' patterns.
    func mayOverlap(_ other: Route) -> Bool {
        for (mine, theirs) in zip(pattern.components, other.pattern.components) {
            if mine == .rest || theirs == .rest { return true }
            guard overlaps(mine, other, theirs) else { return false }
        }
        return pattern.components.count == other.pattern.components.count
    }

    private func coversPath(of other: Route) -> Bool {
        let theirs = other.pattern.components
        for (position, mine) in pattern.components.enumerated() {
            if mine == .rest { return true }
            guard position < theirs.count, theirs[position] != .rest, covers(mine, other, theirs[position]) else { return false }
        }
        return pattern.components.count == theirs.count
    }

    private func covers(_ mine: PathComponent, _ other: Route, _ theirs: PathComponent) -> Bool {
        switch (mine, theirs) {
        case (.literal(let a), .literal(let b)): return a == b
        case (.wildcard, _): return true
        case (.parameter(let name, let prefix, let suffix), .literal(let text)):
            guard let rule = parameter(named: name)?.rule, let value = Substring(text).between(prefix: prefix, suffix: suffix) else { return false }
            return rule.validate(value) == nil
        case (.parameter(let name, let prefix, let suffix), .parameter(let theirName, let theirPrefix, let theirSuffix)):
            guard let rule = parameter(named: name)?.rule, let theirRule = other.parameter(named: theirName)?.rule,
                theirPrefix.utf8.starts(with: prefix.utf8), theirSuffix.utf8.reversed().starts(with: suffix.utf8.reversed())
            else { return false }
            let extraPrefix = theirPrefix.unicodeScalars.dropFirst(prefix.unicodeScalars.count)
            let extraSuffix = theirSuffix.unicodeScalars.dropLast(suffix.unicodeScalars.count)
            let extra = extraPrefix.count + extraSuffix.count
            return (extraPrefix + extraSuffix).allSatisfy(rule.charset.contains) && rule.charset.isSuperset(of: theirRule.charset)
                && rule.minimumLength <= theirRule.minimumLength + extra && theirRule.maximumLength + extra <= rule.maximumLength
        default: return false
        }
    }

    private func overlaps(_ mine: PathComponent, _ other: Route, _ theirs: PathComponent) -> Bool {
        switch (mine, theirs) {
        case (.wildcard, _), (_, .wildcard): return true
        case (.literal(let a), .literal(let b)): return a == b
        case (.literal, .parameter): return other.covers(theirs, self, mine)
        case (.parameter, .literal): return covers(mine, other, theirs)
        case (.parameter(let name, let prefix, let suffix), .parameter(let theirName, let theirPrefix, let theirSuffix)):
            guard let rule = parameter(named: name)?.rule, let theirRule = other.parameter(named: theirName)?.rule else { return false }
            let prefixesAgree = prefix.utf8.starts(with: theirPrefix.utf8) || theirPrefix.utf8.starts(with: prefix.utf8)
            let suffixesAgree =
                suffix.utf8.reversed().starts(with: theirSuffix.utf8.reversed())
                || theirSuffix.utf8.reversed().starts(with: suffix.utf8.reversed())
            return prefixesAgree && suffixesAgree && rule.charset.intersects(theirRule.charset)
        default: return true
        }
    }
}

extension ParameterRule {
    /// Whether every value `other` accepts is accepted here.
    func covers(_ other: ParameterRule) -> Bool {
        charset.isSuperset(of: other.charset) && minimumLength <= other.minimumLength && other.maximumLength <= maximumLength
    }
}
