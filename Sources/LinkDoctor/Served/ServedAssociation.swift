package import DeepLinkAASA
import Foundation

/// A served `apple-app-site-association` read as iOS reads it: the app IDs of each `details` entry with their
/// components, and the apps of the other services.
package struct ServedAssociation {
    /// One `applinks.details` entry.
    package struct Details {
        /// `appIDs`, or the one `appID`.
        package let appIDs: [String]
        /// Each component in its canonical JSON (keys sorted), to compare with the generated file's.
        package let components: [String]
        /// The components as the matcher reads them (`paths` when there are no `components`, as iOS does).
        package let matcher: AppleMatcher
    }

    /// The `applinks.details` entries, in file order.
    package let details: [Details]
    /// `webcredentials.apps`, nil when the section is absent.
    package let webCredentialApps: [String]?
    /// `appclips.apps`, nil when the section is absent.
    package let appClipApps: [String]?

    /// Why a body is not an AASA iOS can read.
    package struct Unreadable: Error, CustomStringConvertible {
        /// What is wrong.
        package let description: String
    }

    /// Reads `body` as Apple's CDN does: UTF-8 without a byte order mark, and strict JSON (`JSONSyntax`).
    package init(body: [UInt8]) throws(Unreadable) {
        if let problem = BodyEncoding.problem(of: body) { throw Unreadable(description: problem) }
        let unreadable = "so neither Apple's CDN nor iOS can read it"
        if let violation = JSONSyntax.violation(in: body) { throw Unreadable(description: "the body is not JSON (\(violation)), \(unreadable)") }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(body))
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw Unreadable(description: "the body is not JSON" + (detail.map { " (\($0))" } ?? "") + ", \(unreadable)")
        }
        guard let root = parsed as? [String: Any] else { throw Unreadable(description: "the body is JSON but not an object, so iOS finds no applinks in it") }
        let applinks = root["applinks"] as? [String: Any]
        details = (applinks?["details"] as? [[String: Any]] ?? []).map(Self.details)
        webCredentialApps = (root["webcredentials"] as? [String: Any])?["apps"] as? [String]
        appClipApps = (root["appclips"] as? [String: Any])?["apps"] as? [String]
    }

    /// The entry iOS uses for `appID`: the first that lists it.
    package func details(for appID: String) -> Details? {
        details.first { $0.appIDs.contains(appID) }
    }

    /// Each component of `json`'s first `details` entry in canonical JSON: what a served file is compared with.
    package static func canonicalComponents(ofGenerated json: String) -> [String] {
        (try? ServedAssociation(body: Array(json.utf8)))?.details.first?.components ?? []
    }

    private static func details(_ entry: [String: Any]) -> Details {
        let appIDs = entry["appIDs"] as? [String] ?? (entry["appID"] as? String).map { [$0] } ?? []
        if let components = entry["components"] as? [[String: Any]] {
            return Details(appIDs: appIDs, components: components.map(canonical), matcher: AppleMatcher(rules: components.map(rule)))
        }
        let paths = entry["paths"] as? [String] ?? []
        let rules = paths.map { path in
            path.uppercased().hasPrefix("NOT ") ? AppleMatcher.Rule(path: String(path.dropFirst(4)), isExcluded: true) : AppleMatcher.Rule(path: path)
        }
        return Details(appIDs: appIDs, components: paths, matcher: AppleMatcher(rules: rules))
    }

    private static func rule(_ component: [String: Any]) -> AppleMatcher.Rule {
        var rule = AppleMatcher.Rule(
            path: component["/"] as? String, fragment: component["#"] as? String, isExcluded: component["exclude"] as? Bool ?? false,
            isCaseSensitive: component["caseSensitive"] as? Bool ?? true)
        if let query = component["?"] as? String {
            rule.query = query
        } else if let items = component["?"] as? [String: String] {
            rule.queryItems = items
        }
        return rule
    }

    private static func canonical(_ component: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: component, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
