/// A version of the app as its marketing version spells it (`CFBundleShortVersionString`, Android's `versionName`):
/// one to three dot-separated whole numbers. Versions compare component by component, a missing component counting as
/// 0, so `2.3` and `2.3.0` are the same version and `2.10` is newer than `2.9`.
public struct AppVersion: Sendable, Comparable, CustomStringConvertible {
    /// The most components a version has.
    package static let maximumComponents = 3
    /// The most digits a component has: a component fits an `Int` on every platform.
    package static let maximumDigits = 9

    /// The version as written (`2.3`).
    package let text: String
    /// The components, padded with 0 to three.
    package let components: [Int]

    /// Reads `text`; nil when it is not one to three dot-separated whole numbers of at most nine digits each.
    ///
    /// - Parameter text: The version as the app spells it (`2`, `2.3`, `2.3.1`).
    public init?(_ text: String) {
        guard let version = try? Self(parsing: text) else { return nil }
        self = version
    }

    /// Reads `text`, saying why it is not a version.
    package init(parsing text: String) throws(AppVersionError) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (1...Self.maximumComponents).contains(parts.count) else { throw AppVersionError(text: text) }
        var components: [Int] = []
        for part in parts {
            guard (1...Self.maximumDigits).contains(part.count), part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                throw AppVersionError(text: text)
            }
            components.append(part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        }
        self.text = text
        self.components = components + Array(repeating: 0, count: Self.maximumComponents - components.count)
    }

    /// The version as written.
    public var description: String { text }

    /// Whether the two are the same version (`2.3` and `2.3.0` are).
    ///
    /// - Parameters:
    ///   - left: A version.
    ///   - right: Another version.
    /// - Returns: Whether every component is the same, a missing one counting as 0.
    public static func == (left: AppVersion, right: AppVersion) -> Bool {
        left.components == right.components
    }

    /// Whether `left` is older than `right`: the first component that differs decides.
    ///
    /// - Parameters:
    ///   - left: A version.
    ///   - right: Another version.
    /// - Returns: Whether `left` comes before `right`.
    public static func < (left: AppVersion, right: AppVersion) -> Bool {
        left.components.lexicographicallyPrecedes(right.components)
    }
}
