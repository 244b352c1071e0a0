package import DeepLinkRouting
import Foundation

/// Golden vectors of a table: URLs around each route (its canonical pattern and aliases, on every domain and scheme,
/// then bent the ways links go wrong), each with what the server's `/resolve` says of it — route and parameters, or
/// reason and detail — and, for a matched URL, the action (and why it waits or is ignored) in every state with no
/// feature, each feature alone and all of them (and, for a route with a `minAppVersion`, with an older app and one at
/// the minimum), its route's presentation and how long a held link is kept.
/// `deeplinkd generate vectors` writes them as JSON; an app's tests run them through the generated parser, with no
/// server.
package struct GoldenVectors {
    /// The table.
    package let table: RouteTable
    /// The table file's name, cited in the output.
    package let sourceName: String

    /// Vectors of `table`, read from the file called `sourceName`.
    package init(table: RouteTable, sourceName: String) {
        self.table = table
        self.sourceName = sourceName
    }

    /// The JSON document: `{"table": NAME, "vectors": [...]}`, one vector a line, keys sorted, so it diffs well.
    package func json() -> String {
        let vectors = urls().flatMap(vectors(of:)).map(Self.line)
        return "{\n  \"table\": \(Self.line(sourceName)),\n  \"vectors\": [\n    " + vectors.joined(separator: ",\n    ") + "\n  ]\n}\n"
    }

    /// Every URL, in table order, without repeats.
    package func urls() -> [String] {
        let samples = SwiftGenerator(table: table, sourceName: sourceName).sampleValues
        var seen: Set<String> = []
        var urls: [String] = []
        for (route, values) in zip(table.routes, samples) {
            for url in sampleURLs(of: route, values: values) {
                for variant in [url] + Self.bent(url, route: route, values: values) where seen.insert(variant).inserted { urls.append(variant) }
            }
        }
        return urls
    }

    /// The vectors of `url`: one when nothing matches it, else one per state and feature set, and for a route with a
    /// `minAppVersion` one per state with the oldest version (`0`) and one with the minimum itself, all features on.
    private func vectors(of url: String) -> [[String: Any]] {
        guard case .matched(let match) = table.resolve(url) else {
            return [Self.vector(url, result: try? table.resolve(url, state: nil, features: nil))]
        }
        let featureSets: [[String]] = [[]] + table.features.map { [$0] } + (table.features.count > 1 ? [table.features] : [])
        let versions = match.route.minAppVersion.map { [AppVersion("0"), $0] } ?? []
        let states: [String?] = table.states.isEmpty ? [nil] : table.states
        return states.flatMap { state in
            let plain = featureSets.map { features in
                var vector = Self.vector(url, result: try? table.resolve(url, state: state, features: Set(features)))
                if let state { vector["state"] = state }
                vector["features"] = features
                return vector
            }
            let versioned = versions.compactMap { $0 }.map { version in
                var vector = Self.vector(url, result: try? table.resolve(url, state: state, features: Set(table.features), appVersion: version))
                if let state { vector["state"] = state }
                vector["features"] = table.features
                vector["appVersion"] = version.text
                return vector
            }
            return plain + versioned
        }
    }

    private static func vector(_ url: String, result: ResolveResult?) -> [String: Any] {
        var vector: [String: Any] = ["url": url]
        switch result?.outcome {
        case .matched(let match):
            vector["matched"] = true
            vector["route"] = match.route.name
            vector["params"] = Dictionary(match.parameters.map { ($0.name, $0.value) }) { first, _ in first }
            vector["action"] = result?.action?.rawValue
            vector["reason"] = result?.ignoreReason?.rawValue ?? result?.waitReason?.rawValue
            vector["minAppVersion"] = result?.minAppVersion?.text
            vector["presentation"] = match.route.delivery.presentation.rawValue
            vector["expiry"] = match.route.delivery.expiry
        case .unmatched(let unmatched):
            vector["matched"] = false
            vector["reason"] = unmatched.reason.rawValue
            vector["detail"] = unmatched.detail
            vector["route"] = unmatched.route
            vector["parameter"] = unmatched.parameter
        case nil:
            vector["matched"] = false
        }
        return vector
    }

    /// `value` as one line of JSON, keys sorted.
    private static func line(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
