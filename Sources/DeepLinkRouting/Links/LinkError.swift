/// Why a link cannot be built.
public enum LinkError: Error, Equatable, CustomStringConvertible {
    case unknownRoute(String, known: [String])
    case wildcardRoute(String)
    case unknownParameter(route: String, parameter: String, known: [String])
    case missingParameter(route: String, parameter: String)
    case invalidParameter(route: String, parameter: String, ParameterViolation)
    case dotSegment(route: String, parameter: String, segment: String)

    /// The message: why the link cannot be built, naming the route and parameter.
    public var description: String {
        switch self {
        case .unknownRoute(let route, let known):
            "unknown route '\(route)' (routes: \(known.joined(separator: ", ")))"
        case .wildcardRoute(let route):
            "route '\(route)' has '*' or '**' in its path, so no link can be built from parameters alone"
        case .unknownParameter(let route, let parameter, let known):
            "route '\(route)' has no parameter '\(parameter)' (parameters: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .missingParameter(let route, let parameter):
            "route '\(route)': parameter '\(parameter)' is missing"
        case .invalidParameter(let route, let parameter, let violation):
            "route '\(route)': parameter '\(parameter)' \(violation)"
        case .dotSegment(let route, let parameter, let segment):
            "route '\(route)': parameter '\(parameter)' would make the path segment '\(segment)', which browsers remove, so the link would not open the route"
        }
    }
}
