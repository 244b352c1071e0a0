import Foundation

/// A served `assetlinks.json` read as Android reads it: a JSON array of statements; the `android_app` ones by
/// package, with their relations, fingerprints and dynamic rules.
struct ServedAssetLinks {
    /// One app's statement.
    struct Statement {
        let package: String
        let relations: [String]
        let fingerprints: [String]
        /// `dynamic_app_link_components`, each rule as canonical JSON text; nil when the statement has none.
        let dynamicRules: [String]?
    }

    /// The `android_app` statements, in file order.
    let statements: [Statement]

    /// Why a body is not a statement list.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    init(body: [UInt8]) throws(Problem) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(body))
        } catch {
            throw Problem(description: "the body is not JSON (\(error.localizedDescription))")
        }
        guard let list = root as? [Any] else { throw Problem(description: "the body is JSON but not an array of statements") }
        statements = list.compactMap { item in
            guard let statement = item as? [String: Any], let target = statement["target"] as? [String: Any],
                target["namespace"] as? String == "android_app", let package = target["package_name"] as? String
            else { return nil }
            let extensions = statement["relation_extensions"] as? [String: Any]
            let handleAll = extensions?["delegate_permission/common.handle_all_urls"] as? [String: Any]
            let rules = (handleAll?["dynamic_app_link_components"] as? [Any])?.map(Self.canonical)
            return Statement(
                package: package, relations: statement["relation"] as? [String] ?? [], fingerprints: target["sha256_cert_fingerprints"] as? [String] ?? [],
                dynamicRules: rules)
        }
    }

    /// `value` as JSON with sorted keys, so two files compare by content, not by spelling.
    static func canonical(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]) else {
            return "\(value)"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
