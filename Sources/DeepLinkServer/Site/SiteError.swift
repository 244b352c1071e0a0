package import DeepLinkConfig

/// Why a site cannot be loaded; the server keeps serving the previous one.
package enum SiteError: Error, CustomStringConvertible {
    case configuration(ConfigurationError)
    case template(String)
    case asset(String)
    case response(String)

    package var description: String {
        switch self {
        case .configuration(let error): error.description
        case .template(let message), .asset(let message), .response(let message): message
        }
    }
}
