import DeepLinkRouting
import Yams

extension ConfigurationParser {
    /// The keys that say when a gate or route holds a link.
    static let holdKeys = ["wait", "resume", "expiry"]
    /// The keys of a gate written as a mapping.
    static let gateKeys = ["states"] + holdKeys
    /// The keys of a route that say how the app receives its links.
    static let deliveryKeys = holdKeys + ["presentation"]

    /// The `gates:` section: each gate a list of the states it admits, or a mapping with `states` and the hold keys.
    mutating func parseGates(_ top: YAMLSection) -> [GateDefinition] {
        guard let node = top.values["gates"] else { return [] }
        guard let mapping = node.mapping else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "config: 'gates' must map gate names to lists of states"))
            return []
        }
        return mapping.compactMap { key, value in
            let name = Located(key.string ?? "", line: key.mark?.line)
            if let sequence = value.sequence {
                return GateDefinition(name: name, states: sequence.map { Located($0.string ?? "", line: $0.mark?.line) })
            }
            guard value.mapping != nil else {
                let message = "gate '\(name.value.visible)' must be a list of states, or a mapping with states, wait, resume and expiry"
                problems.append(Diagnostic(.error, line: value.mark?.line, message))
                return nil
            }
            let label = "gate '\(name.value.visible)'"
            guard let section = YAMLSection(value, label: label, allowed: Self.gateKeys, problems: &problems) else { return nil }
            var gate = GateDefinition(name: name, states: section.strings("states", problems: &problems) ?? [])
            if section.values["states"] == nil { problems.append(Diagnostic(.error, line: section.line, "\(label): missing 'states'")) }
            gate.hold = parseHold(section)
            return gate
        }
    }

    /// `definition` with the hold and presentation keys of `route`.
    mutating func withDelivery(_ definition: RouteDefinition, from route: YAMLSection) -> RouteDefinition {
        var definition = definition
        definition.hold = parseHold(route)
        definition.presentation = route.string("presentation", problems: &problems)
        definition.copyLink = route.bool("copyLink", problems: &problems).map { Located($0, line: route.values["copyLink"]?.mark?.line) }
        return definition
    }

    /// `wait`, `resume` and `expiry` of a gate or route.
    private mutating func parseHold(_ section: YAMLSection) -> HoldDefinition {
        let resumes = section.bool("resume", problems: &problems).map { Located($0, line: section.values["resume"]?.mark?.line) }
        return HoldDefinition(waitStates: section.strings("wait", problems: &problems), resumes: resumes, expiry: parseExpiry(section))
    }

    /// `expiry`: whole seconds, or a whole number then `s`, `m` or `h` (`90`, `90s`, `5m`, `1h`).
    private mutating func parseExpiry(_ section: YAMLSection) -> Located<Int>? {
        guard let node = section.values["expiry"] else { return nil }
        let line = node.mark?.line
        guard case .scalar(let scalar) = node else {
            problems.append(Diagnostic(.error, line: line, "\(section.label): 'expiry' must be a single value"))
            return nil
        }
        let text = scalar.string
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3_600]
        let unit = text.last.flatMap { units[$0] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = Int(digits) else {
            let message = "\(section.label): expiry '\(text.visible)' is not a duration (whole seconds, or a whole number then s, m or h: 90, 5m, 1h)"
            problems.append(Diagnostic(.error, line: line, message))
            return nil
        }
        let (seconds, overflow) = number.multipliedReportingOverflow(by: unit ?? 1)
        return Located(overflow ? Int.max : seconds, line: line)
    }
}
