/// A feature that is not one of the table's features.
public struct UnknownFeatureError: Error, Equatable, CustomStringConvertible {
    /// The feature given.
    package let feature: String
    /// The features the table knows.
    package let known: [String]

    /// The message: the feature, and the ones the table knows.
    public var description: String {
        "unknown feature '\(feature)' (known features: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
    }
}
