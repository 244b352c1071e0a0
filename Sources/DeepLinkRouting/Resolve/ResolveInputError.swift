/// A state or feature given to a resolve that the table does not know.
package enum ResolveInputError: Error, Equatable, CustomStringConvertible {
    /// The state is unknown.
    case state(UnknownStateError)
    /// A feature is unknown.
    case feature(UnknownFeatureError)

    /// The message: the unknown state or feature, and the ones the table knows.
    package var description: String {
        switch self {
        case .state(let error): error.description
        case .feature(let error): error.description
        }
    }
}
