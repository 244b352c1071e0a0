public import DeepLinkRouting

/// How the generated code's refusal of a URL compares with a `/resolve` result for it.
public enum UnmatchedComparison {
    /// What differs between `unmatched` and the server's `result` (matched, reason, detail, route, parameter); nil when
    /// they agree.
    public static func disagreement(_ unmatched: Unmatched, _ result: [String: Any]) -> String? {
        let expected: [String?] = ["false", unmatched.reason.rawValue, unmatched.detail, unmatched.route, unmatched.parameter]
        let actual: [String?] = [
            (result["matched"] as? Bool).map(String.init), result["reason"] as? String, result["detail"] as? String, result["route"] as? String,
            result["parameter"] as? String,
        ]
        return expected == actual ? nil : "generated \(expected), server \(actual)"
    }
}
