import DeepLinkAASA
import DeepLinkRouting
import Yams

extension ConfigurationParser {
    mutating func parseRoutes(_ top: YAMLSection) -> [RouteDefinition] {
        guard let node = top.values["routes"] else {
            problems.append(Diagnostic(.error, line: top.line, "config: missing 'routes' list"))
            return []
        }
        guard let sequence = node.sequence else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "config: 'routes' must be a list of routes"))
            return []
        }
        return sequence.enumerated().compactMap { parseRoute($1, number: $0 + 1) }
    }

    private mutating func parseRoute(_ node: Node, number: Int) -> RouteDefinition? {
        let name = node.mapping?.first { $0.key.string == "name" }?.value.string
        let label = name.map { "route '\($0)'" } ?? "route \(number)"
        guard let route = YAMLSection(node, label: label, allowed: Self.routeKeys, problems: &problems) else { return nil }
        guard let nameValue = route.requiredString("name", problems: &problems),
            let path = route.requiredString("path", problems: &problems)
        else { return nil }
        let definition = RouteDefinition(
            name: nameValue, path: path, aliases: route.strings("aliases", problems: &problems) ?? [], scopes: route.strings("scopes", problems: &problems),
            parameters: parseParameters(route), notification: route.string("notification", problems: &problems),
            gate: route.string("gate", problems: &problems), feature: route.string("feature", problems: &problems),
            isSecret: route.bool("secret", problems: &problems) ?? false,
            landing: route.string("landing", problems: &problems), stack: route.strings("stack", problems: &problems) ?? [], line: route.line,
            appClip: route.bool("appClip", problems: &problems).map { Located($0, line: route.values["appClip"]?.mark?.line) })
        var withVersion = withDelivery(definition, from: route)
        withVersion.minAppVersion = route.string("minAppVersion", problems: &problems)
        return withVersion
    }

    private mutating func parseParameters(_ route: YAMLSection) -> [ParameterDefinition] {
        guard let node = route.values["params"] else { return [] }
        guard let mapping = node.mapping else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "\(route.label): 'params' must map parameter names to rules"))
            return []
        }
        var seen: Set<String> = []
        return mapping.compactMap { key, value in
            let name = key.string ?? ""
            guard seen.insert(name).inserted else {
                problems.append(Diagnostic(.error, line: key.mark?.line, "\(route.label): parameter '\(name)' is declared twice"))
                return nil
            }
            let label = "\(route.label): parameter '\(name)'"
            guard let rule = YAMLSection(value, label: label, allowed: Self.parameterKeys, problems: &problems) else { return nil }
            return ParameterDefinition(
                name: name, charset: rule.string("charset", problems: &problems)?.value, minimumLength: rule.int("min", problems: &problems),
                maximumLength: rule.int("max", problems: &problems), isRequired: rule.bool("required", problems: &problems),
                line: key.mark?.line)
        }
    }

    /// The `android:` section: a list of apps (one per flavor), or a single app written as a mapping (the form of
    /// tables written before the list).
    mutating func parseAndroid(_ node: Node) -> [AndroidApp] {
        guard let sequence = node.sequence else { return parseAndroidApp(node, label: "android").map { [$0] } ?? [] }
        if sequence.isEmpty { problems.append(Diagnostic(.error, line: node.mark?.line, "android: the list names no app")) }
        var apps: [AndroidApp] = []
        var packages: [String: Int?] = [:]
        for (number, item) in sequence.enumerated() {
            guard let app = parseAndroidApp(item, label: "android app \(number + 1)") else { continue }
            if let first = packages[app.package] {
                let place = first.map { " (first on line \($0))" } ?? ""
                problems.append(Diagnostic(.error, line: item.mark?.line, "android: package '\(app.package)' is listed twice\(place)"))
                continue
            }
            packages[app.package] = item.mark?.line
            apps.append(app)
        }
        return apps
    }

    private mutating func parseAndroidApp(_ node: Node, label: String) -> AndroidApp? {
        guard let android = YAMLSection(node, label: label, allowed: Self.androidKeys, problems: &problems),
            let package = android.requiredString("package", problems: &problems)
        else { return nil }
        if !AndroidApp.isPackageName(package.value) {
            problems.append(
                Diagnostic(
                    .error, line: package.line,
                    "\(label): package '\(package.value.visible)' is not an application ID (two or more '.'-separated parts, each a letter followed by letters, digits or '_')"
                ))
        }
        let fingerprints = android.strings("sha256CertFingerprints", problems: &problems) ?? []
        if fingerprints.isEmpty {
            problems.append(Diagnostic(.error, line: android.line, "\(label): 'sha256CertFingerprints' lists no fingerprint"))
        }
        var seen: Set<String> = []
        for fingerprint in fingerprints {
            if !AndroidApp.isFingerprint(fingerprint.value) {
                problems.append(Diagnostic(.error, line: fingerprint.line, "\(label): \(AndroidApp.fingerprintProblem(fingerprint.value.visible))"))
            } else if !seen.insert(fingerprint.value).inserted {
                problems.append(Diagnostic(.error, line: fingerprint.line, "\(label): fingerprint '\(fingerprint.value)' is listed twice"))
            }
        }
        return AndroidApp(package: package.value, fingerprints: fingerprints.map(\.value), relations: parseRelations(android, label: label))
    }

    private mutating func parseRelations(_ android: YAMLSection, label: String) -> [AndroidRelation]? {
        guard let written = android.strings("relations", problems: &problems) else { return nil }
        if written.isEmpty { problems.append(Diagnostic(.error, line: android.values["relations"]?.mark?.line, "\(label): 'relations' lists none")) }
        var relations: [AndroidRelation] = []
        for name in written {
            guard let relation = AndroidRelation(rawValue: name.value) else {
                let known = AndroidRelation.allCases.map(\.rawValue).joined(separator: ", ")
                problems.append(Diagnostic(.error, line: name.line, "\(label): unknown relation '\(name.value.visible)' (known: \(known))"))
                continue
            }
            if !relations.contains(relation) { relations.append(relation) }
        }
        return relations
    }
}
