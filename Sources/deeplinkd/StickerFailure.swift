import DeepLinkRouting
import StickerCodes

/// Why `qr` makes no code.
enum StickerFailure: Error, Equatable, CustomStringConvertible {
    case secretRoute(String)
    case notUniversal(String, scopes: [String])
    case link(LinkError)
    case code(QRCodeError)
    case layout(ImageLayoutError)

    /// The parameter (CSV column) the failure is about, if it is about one.
    var parameter: String? {
        guard case .link(let error) = self else { return nil }
        switch error {
        case .unknownParameter(_, let parameter, _), .missingParameter(_, let parameter), .invalidParameter(_, let parameter, _),
            .dotSegment(_, let parameter, _):
            return parameter
        case .unknownRoute, .wildcardRoute: return nil
        }
    }

    var description: String {
        switch self {
        case .secretRoute(let route):
            "route '\(route)' is secret: its links carry sign-in tokens, and a token never becomes an image"
        case .notUniversal(let route, let scopes):
            "route '\(route)' has no Universal Link (its scopes: \(scopes.joined(separator: ", "))), so there is nothing to encode"
        case .link(let error): error.description
        case .code(let error): error.description
        case .layout(let error): error.description
        }
    }
}
