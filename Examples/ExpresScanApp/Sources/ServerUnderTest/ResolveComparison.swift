/// How a parse of the generated code compares with a `/resolve` result for the same URL, field by field, in the
/// generated code's terms (its route's and reason's raw values), so it serves every generated type.
public enum ResolveComparison {
    /// What differs between a refusal (`reason`, `detail`, `route`, `parameter`) and the server's `result`; nil when
    /// they agree.
    public static func refusal(reason: String, detail: String, route: String?, parameter: String?, _ result: [String: Any]) -> String? {
        let expected: [String?] = ["false", reason, detail, route, parameter]
        let actual: [String?] = [
            (result["matched"] as? Bool).map(String.init), result["reason"] as? String, result["detail"] as? String, result["route"] as? String,
            result["parameter"] as? String,
        ]
        return expected == actual ? nil : "generated \(expected), server \(actual)"
    }

    /// What differs between a link (`route`, `parameters`, its two links) and the server's matched `result`; nil when
    /// they agree. `links` nil leaves the links uncompared (a route with `*` or `**` prints none).
    public static func link(route: String, parameters: [String: String], links: (universal: String?, app: String?)?, _ result: [String: Any]) -> String? {
        guard result["matched"] as? Bool == true else { return "generated code matched \(route) \(parameters), the server did not: \(result)" }
        let served = result["links"] as? [String: Any]
        var expected: [String?] = [route]
        var actual: [String?] = [result["route"] as? String]
        if let links {
            expected += [links.universal, links.app]
            actual += [served?["universal"] as? String, served?["app"] as? String]
        }
        guard expected == actual, (result["params"] as? [String: String]) == parameters else {
            return "generated \(expected) \(parameters), server \(actual) \(result["params"] ?? "none")"
        }
        return nil
    }
}
