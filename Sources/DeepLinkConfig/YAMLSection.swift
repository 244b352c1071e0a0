import DeepLinkRouting
import Yams

/// Reads one YAML mapping, reporting unknown, duplicate and ill-typed keys with their lines.
struct YAMLSection {
    /// The pairs by key (Yams itself rejects duplicate keys).
    private(set) var values: [String: Node] = [:]
    /// The line of the mapping itself.
    let line: Int?
    /// How messages name this section (`route 'charger'`).
    let label: String

    /// Reads `node` as a mapping whose keys must be in `allowed`.
    init?(_ node: Node, label: String, allowed: [String], problems: inout [Diagnostic]) {
        self.line = node.mark?.line
        self.label = label
        guard let mapping = node.mapping else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "\(label) must be a mapping of keys to values"))
            return nil
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if !allowed.contains(key) {
                problems.append(Diagnostic(.error, line: keyNode.mark?.line, "\(label): unknown key '\(key)' (known keys: \(allowed.joined(separator: ", ")))"))
            } else {
                values[key] = value
            }
        }
    }

    /// A scalar string value.
    func string(_ key: String, problems: inout [Diagnostic]) -> Located<String>? {
        guard let node = values[key] else { return nil }
        guard case .scalar(let scalar) = node else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "\(label): '\(key)' must be a single value"))
            return nil
        }
        return Located(scalar.string, line: node.mark?.line)
    }

    /// A required scalar string value.
    func requiredString(_ key: String, problems: inout [Diagnostic]) -> Located<String>? {
        guard values[key] != nil else {
            problems.append(Diagnostic(.error, line: line, "\(label): missing '\(key)'"))
            return nil
        }
        return string(key, problems: &problems)
    }

    /// A list of scalar strings. A single scalar is an error (`domains: example.com` is a common slip), but its
    /// value is still returned so the rest of the checks run on it.
    func strings(_ key: String, problems: inout [Diagnostic]) -> [Located<String>]? {
        guard let node = values[key] else { return nil }
        guard let sequence = node.sequence else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "\(label): '\(key)' must be a list, like [a, b]"))
            if case .scalar(let scalar) = node { return [Located(scalar.string, line: node.mark?.line)] }
            return nil
        }
        return sequence.compactMap { item in
            guard case .scalar(let scalar) = item else {
                problems.append(Diagnostic(.error, line: item.mark?.line, "\(label): every item of '\(key)' must be a single value"))
                return nil
            }
            return Located(scalar.string, line: item.mark?.line)
        }
    }

    /// An integer value: a plain (unquoted) scalar of decimal digits, optionally signed.
    func int(_ key: String, problems: inout [Diagnostic]) -> Int? {
        guard let node = values[key] else { return nil }
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "\(label): '\(key)' must be an integer"))
            return nil
        }
        return value
    }

    /// A Boolean value: a plain `true` or `false` (YAML 1.2; `yes`/`no` are not Booleans).
    func bool(_ key: String, problems: inout [Diagnostic]) -> Bool? {
        guard let node = values[key] else { return nil }
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = ["true": true, "false": false][scalar.string] else {
            problems.append(Diagnostic(.error, line: node.mark?.line, "\(label): '\(key)' must be true or false"))
            return nil
        }
        return value
    }
}
