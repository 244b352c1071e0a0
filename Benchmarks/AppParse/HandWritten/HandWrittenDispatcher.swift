public import AppRoutes
import Foundation

/// The reference the generated parser is measured against: the default table's routes written out by hand, in the
/// shape of the app's own `handleUniversalLink` before deeplinkd (URLComponents, the path's components, an ordered
/// `switch`, each value's length and characters checked), with the server's rules for the URLs a link domain sees: an
/// `https` link on the domain or an `expchg` link, repeated and trailing slashes dropped, each component
/// percent-decoded once, query items by name (the last wins), a route whose values fail giving way to the next.
public enum HandWrittenDispatcher {
    /// The link `string` opens, or nil.
    public static func link(_ string: String) -> DeepLink? {
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased() else { return nil }
        let path: String
        let isUniversal: Bool
        switch scheme {
        case "https":
            guard components.host?.lowercased() == "links.example.com" else { return nil }
            path = components.percentEncodedPath
            isUniversal = true
        case "expchg":
            // A custom scheme's path is its host and path: expchg://c/42 is c/42.
            path = (components.percentEncodedHost ?? "") + "/" + components.percentEncodedPath
            isUniversal = false
        default:
            return nil
        }
        var segments: [String] = []
        for encoded in path.split(separator: "/") {
            guard let segment = encoded.removingPercentEncoding else { return nil }
            segments.append(segment)
        }
        guard segments.count == 2 else { return nil }
        switch segments[0] {
        case "c", "charger":
            return Rule.identifier.admits(segments[1], length: 1...64) ? .charger(id: segments[1]) : nil
        case "m" where isUniversal:
            return Rule.identifier.admits(segments[1], length: 16...512) ? .magicEmailSignIn(token: segments[1]) : nil
        case "u" where isUniversal:
            return Rule.identifier.admits(segments[1], length: 4...64) ? .userQrSignIn(publicId: segments[1]) : nil
        case "auth" where isUniversal && segments[1] == "callback":
            return callback(components.queryItems ?? [])
        default:
            return nil
        }
    }

    /// The OAuth redirect: an error when it carries a valid one, else a code.
    static func callback(_ items: [URLQueryItem]) -> DeepLink? {
        var query: [String: String] = [:]
        for item in items { query[item.name] = item.value ?? "" }
        let state = query["state"]
        if let state, !Rule.oauthToken.admits(state, length: 0...512) { return nil }
        if let error = query["error"], Rule.oauthError.admits(error, length: 1...256) {
            let description = query["error_description"]
            if description.map({ Rule.oauthError.admits($0, length: 0...1024) }) ?? true {
                return .registrationError(error: error, errorDescription: description, state: state)
            }
        }
        guard let code = query["code"], Rule.oauthToken.admits(code, length: 1...512) else { return nil }
        return .registrationCallback(code: code, state: state)
    }
}
