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
        return RouteDefinition(
            name: nameValue, path: path, aliases: route.strings("aliases", problems: &problems) ?? [], scopes: route.strings("scopes", problems: &problems),
            parameters: parseParameters(route), notification: route.string("notification", problems: &problems),
            gate: route.string("gate", problems: &problems), feature: route.string("feature", problems: &problems),
            isSecret: route.bool("secret", problems: &problems) ?? false,
            landing: route.string("landing", problems: &problems), stack: route.strings("stack", problems: &problems) ?? [], line: route.line,
            appClip: route.bool("appClip", problems: &problems).map { Located($0, line: route.values["appClip"]?.mark?.line) })
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

    mutating func parseAndroid(_ node: Node) -> AndroidApp? {
        guard let android = YAMLSection(node, label: "android", allowed: Self.androidKeys, problems: &problems),
            let package = android.requiredString("package", problems: &problems)
        else { return nil }
        let fingerprints = android.strings("sha256CertFingerprints", problems: &problems) ?? []
        if fingerprints.isEmpty {
            problems.append(Diagnostic(.error, line: android.line, "android: 'sha256CertFingerprints' lists no fingerprint"))
        }
        for fingerprint in fingerprints where !AndroidApp.isFingerprint(fingerprint.value) {
            problems.append(
                Diagnostic(
                    .error, line: fingerprint.line, "android: '\(fingerprint.value)' is not a SHA-256 fingerprint (32 upper-case hex bytes separated by ':')"))
        }
        return AndroidApp(package: package.value, fingerprints: fingerprints.map(\.value))
    }
}
