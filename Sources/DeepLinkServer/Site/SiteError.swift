public import DeepLinkConfig

/// Why a site cannot be loaded; the server keeps serving the previous one.
public enum SiteError: Error, CustomStringConvertible {
    case configuration(ConfigurationError)
    case template(String)
    case asset(String)
    case response(String)

    public var description: String {
        switch self {
        case .configuration(let error): error.description
        case .template(let message), .asset(let message), .response(let message): message
        }
    }
}
