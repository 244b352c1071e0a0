/// A feature that is not one of the table's features.
public struct UnknownFeatureError: Error, Equatable, CustomStringConvertible {
    /// The feature given.
    public let feature: String
    /// The features the table knows.
    public let known: [String]

    public var description: String {
        "unknown feature '\(feature)' (known features: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
    }
}
