extension Problems {
    /// Checks one route; returns it compiled when it has no errors.
    mutating func check(_ definition: RouteDefinition, in context: RouteContext) -> Route? {
        let errorsBefore = errorCount
        let name = definition.name.value
        let label = "route '\(name.visible)'"
        if name.isEmpty { error(definition.name.line ?? definition.line, "route has an empty name") }
        checkVisible(name, line: definition.name.line ?? definition.line, "route name")
        if let notification = definition.notification {
            if notification.value.isEmpty { error(notification.line ?? definition.line, "\(label): notification is empty") }
            checkVisible(notification.value, line: notification.line ?? definition.line, "\(label): notification")
        }
        if let landing = definition.landing { checkLanding(landing, label: label) }

        var pattern: PathPattern?
        do throws(PatternSyntaxError) {
            pattern = try PathPattern(parsing: definition.path.value)
        } catch {
            self.error(definition.path.line, "\(label): bad path pattern '\(definition.path.value)': \(error)")
        }
        checkVisible(path: definition.path, "\(label): path")
        for alias in definition.aliases { checkVisible(path: alias, "\(label): alias") }
        for case .literal(let text) in pattern?.components ?? [] where text == "." || text == ".." {
            error(definition.path.line, "\(label): path component '\(text)' is a dot segment, which browsers remove before sending a URL, so no URL can match")
        }
        let scopes = checkScopes(definition, label: label, context: context)
        if let gate = definition.gate, context.gates[gate.value] == nil {
            let known = context.gates.keys.sorted().joined(separator: ", ")
            error(gate.line, "\(label): unknown gate '\(gate.value)' (known gates: \(known.isEmpty ? "none" : known))")
        }
        if let feature = definition.feature, !context.features.contains(feature.value) {
            let known = context.features.joined(separator: ", ")
            error(feature.line, "\(label): unknown feature '\(feature.value)' (known features: \(known.isEmpty ? "none" : known))")
        }
        let parameters = checkParameters(definition, pattern: pattern, label: label)
        checkAppClip(definition, scopes: scopes, label: label, context: context)
        checkCopyLink(definition, scopes: scopes, label: label)
        let delivery = checkDelivery(of: definition, label: label, context: context)
        let minAppVersion = checkMinAppVersion(of: definition, label: label)

        guard errorCount == errorsBefore, let pattern else { return nil }
        let canonical = Route(
            name: name, pattern: pattern, scopes: scopes, parameters: parameters,
            notification: definition.notification?.value, gate: definition.gate?.value, feature: definition.feature?.value,
            isSecret: definition.isSecret, landing: definition.landing?.value, stack: definition.stack.map(\.value), line: definition.line,
            isAppClip: definition.appClip?.value == true, delivery: delivery, minAppVersion: minAppVersion,
            offersCopyLink: definition.copyLink?.value == true)
        let route = canonical.with(aliases: checkAliases(definition, of: canonical, label: label))
        for form in route.everyPattern where !isVouched {
            checkLength(of: form, domains: context.domains, schemes: context.schemes, label: form.isAlias ? "\(label) alias '\(form.pattern)'" : label)
        }
        return errorCount == errorsBefore ? route : nil
    }

    /// The route's `minAppVersion`, read; an error when it is not a version.
    private mutating func checkMinAppVersion(of definition: RouteDefinition, label: String) -> AppVersion? {
        guard let written = definition.minAppVersion else { return nil }
        do throws(AppVersionError) {
            return try AppVersion(parsing: written.value)
        } catch {
            self.error(written.line ?? definition.line, "\(label): minAppVersion \(AppVersionError(text: written.value.visible))")
            return nil
        }
    }

    private mutating func checkScopes(_ definition: RouteDefinition, label: String, context: RouteContext) -> [Scope] {
        guard let written = definition.scopes else {
            if context.domains.isEmpty { error(definition.line, "\(label): scope 'universal' (the default) needs at least one domain in domains") }
            return [.anyUniversal]
        }
        if written.isEmpty { error(definition.line, "\(label): scopes is empty, so nothing can open it") }
        var scopes: [Scope] = []
        for text in written {
            guard let scope = Scope(parsing: text.value) else {
                error(text.line, "\(label): unknown scope '\(text.value)' (use universal, app, universal:HOST or app:SCHEME)")
                continue
            }
            switch scope {
            case .universal(let host) where !context.domains.contains(host):
                error(text.line, "\(label): scope '\(text.value)' names a domain that is not in domains")
            case .app(let scheme) where !context.schemes.contains(scheme):
                error(text.line, "\(label): scope '\(text.value)' names a scheme that is not in schemes")
            case .anyUniversal where context.domains.isEmpty:
                error(text.line, "\(label): scope 'universal' needs at least one domain in domains")
            case .anyApp where context.schemes.isEmpty:
                error(text.line, "\(label): scope 'app' needs at least one scheme in schemes")
            default:
                if scopes.contains(scope) { warning(text.line, "\(label): scope '\(text.value)' is listed twice") }
            }
            scopes.append(scope)
        }
        return scopes
    }

    private mutating func checkParameters(_ definition: RouteDefinition, pattern: PathPattern?, label: String) -> [Route.Parameter] {
        let pathNames = pattern?.parameterNames ?? []
        let positions = Dictionary(
            uniqueKeysWithValues: (pattern?.components ?? []).enumerated().compactMap { position, component in
                if case .parameter(let name, _, _) = component { (name, position) } else { nil }
            })
        var declared: Set<String> = []
        var parameters: [Route.Parameter] = []
        for parameter in definition.parameters {
            let place = "\(label): parameter '\(parameter.name.visible)'"
            checkVisible(parameter.name, line: parameter.line, "\(label): parameter name")
            guard declared.insert(parameter.name).inserted else {
                error(parameter.line, "\(place) is declared twice")
                continue
            }
            let isInPath = pathNames.contains(parameter.name)
            if isInPath, parameter.isRequired != nil {
                warning(parameter.line, "\(place) is in the path, so it is always required; 'required' has no effect")
            }
            if let position = positions[parameter.name], case .parameter(_, "", "") = pattern?.components[position],
                parameter.minimumLength == 0
            {
                error(parameter.line, "\(place) fills a whole path component, which is never empty; min must be at least 1")
            }
            if let rule = checkRule(parameter, place: place, isInPath: isInPath) {
                if parameter.charset != nil, let position = positions[parameter.name], case .parameter(_, "", "") = pattern?.components[position],
                    rule.charset.contains("."), rule.minimumLength <= 2
                {
                    warning(
                        parameter.line,
                        "\(place) fills a whole path component and its charset allows '.', so the values '.' and '..' are refused: browsers remove such path segments"
                    )
                }
                parameters.append(Route.Parameter(name: parameter.name, rule: rule, component: positions[parameter.name]))
            }
        }
        for name in pathNames where !declared.contains(name) {
            error(definition.path.line, "\(label): path parameter '\(name)' has no entry in params")
        }
        return parameters
    }

    private mutating func checkRule(_ parameter: ParameterDefinition, place: String, isInPath: Bool) -> ParameterRule? {
        let minimum = parameter.minimumLength ?? 1
        let maximum = parameter.maximumLength ?? 1024
        var isValid = true
        if minimum < 0 {
            error(parameter.line, "\(place): min \(minimum) is negative")
            isValid = false
        }
        if maximum < 1 {
            error(parameter.line, "\(place): max \(maximum) must be at least 1")
            isValid = false
        }
        if minimum > maximum {
            error(parameter.line, "\(place): min \(minimum) is greater than max \(maximum), so no value can match")
            isValid = false
        }
        var charset: CharacterClass?
        do throws(CharacterClassError) {
            charset = try CharacterClass(parameter.charset ?? ParameterDefinition.defaultCharset)
        } catch {
            self.error(parameter.line, "\(place): \(error)")
        }
        guard isValid, let charset else { return nil }
        return ParameterRule(charset: charset, minimumLength: minimum, maximumLength: maximum, isRequired: isInPath || parameter.isRequired == true)
    }
}
