import Foundation

/// The associated domains of an app's `.entitlements` property list (`com.apple.developer.associated-domains`).
package struct Entitlements: Sendable {
    /// The file, as given.
    package let path: String
    /// The entries (`applinks:links.example.com`, `webcredentials:links.example.com?mode=developer`); nil when the
    /// file cannot be read or has no associated domains, with `problem` saying why.
    package let associatedDomains: [String]?
    /// Why `associatedDomains` is nil.
    package let problem: String?

    /// The key Xcode's Associated Domains capability writes.
    static let key = "com.apple.developer.associated-domains"

    /// Reads the property list at `path` (XML or binary).
    package init(contentsOf path: String) {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            (associatedDomains, problem) = (nil, "cannot read \(path)")
            return
        }
        let list = try? PropertyListSerialization.propertyList(from: data, format: nil)
        guard let dictionary = list as? [String: Any] else {
            (associatedDomains, problem) = (nil, "\(path) is not a property list of entitlements")
            return
        }
        guard let domains = dictionary[Self.key] as? [String] else {
            (associatedDomains, problem) = (nil, "\(path) has no \(Self.key) list")
            return
        }
        (associatedDomains, problem) = (domains, nil)
    }

    /// The entry for `service` that covers `host`: `service:host`, or `service:*.parent` for a subdomain when
    /// wildcards are allowed (not for `appclips`); any `?mode=` kept.
    func entry(_ service: String, covering host: String, allowsWildcard: Bool = true) -> String? {
        associatedDomains?.first { entry in
            guard entry.lowercased().hasPrefix(service + ":") else { return false }
            let domain = entry.dropFirst(service.count + 1).split(separator: "?", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            if domain == host { return true }
            return allowsWildcard && domain.hasPrefix("*.") && host.hasSuffix(domain.dropFirst(1))
        }
    }
}
