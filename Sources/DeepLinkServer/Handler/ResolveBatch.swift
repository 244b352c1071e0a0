import DeepLinkRouting
import StrictJSON

/// The body of `POST /resolve`.
struct ResolveBatch {
    static let maximumCount = 1000

    /// The largest answer to a batch of `requestBytes`: 8 times the request (a matched URL's answer echoes it, its
    /// parameters and two links, each value percent-encoded in them) plus 256 bytes a URL for the keys. What one
    /// request can make the server hold stays a small multiple of what it sent.
    static func answerLimit(requestBytes: Int) -> Int {
        8 * requestBytes + 256 * maximumCount
    }
    let urls: [String]
    let state: String?
    /// The app features enabled; nil when the batch does not say.
    let features: Set<String>?
    /// The app's version for every URL of the batch; nil when the batch does not say.
    var appVersion: AppVersion? = nil

    /// The version in `text`, or the error `/resolve` answers (`appVersion=` or the batch's `appVersion`).
    static func appVersion(in text: String) -> Result<AppVersion, APIError> {
        do throws(AppVersionError) {
            return .success(try AppVersion(parsing: text))
        } catch {
            return .failure(APIError(400, "appVersion \(error)"))
        }
    }

    /// The features in `features=A,B` (`features=` enables none); a list with an empty name (`,`, `A,`, `A,,B`) is
    /// refused, as `"features": [""]` is.
    static func features(in text: Substring) -> Result<Set<String>, APIError> {
        guard !text.isEmpty else { return .success([]) }
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !names.contains(where: \.isEmpty) else {
            return .failure(APIError(400, "'features' has an empty name: comma-separated names, or nothing for none"))
        }
        return .success(Set(names.map(String.init)))
    }

    /// The batch in `body`, read as strict JSON (`StrictJSON`): the same body is refused or read the same way
    /// whichever JSON library a client uses.
    static func decode(_ body: [UInt8]) -> Result<ResolveBatch, APIError> {
        let parsed: StrictJSON
        do {
            parsed = try StrictJSON.parse(body)
        } catch {
            return .failure(APIError(400, error.description))
        }
        guard case .object(let members) = parsed else { return .failure(APIError(400, "the body is not a JSON object")) }
        if let unknown = members.map(\.key).sorted().first(where: { !["urls", "state", "features", "appVersion"].contains($0) }) {
            return .failure(APIError(400, "unknown key '\(unknown)'; send {\"urls\": [...], \"state\": ..., \"features\": [...], \"appVersion\": ...}"))
        }
        let notStrings = APIError(400, "'urls' must be an array of strings")
        guard case .array(let elements) = members.first(where: { $0.key == "urls" })?.value else { return .failure(notStrings) }
        var urls: [String] = []
        urls.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let url) = element else { return .failure(notStrings) }
            urls.append(url)
        }
        guard urls.count <= maximumCount else {
            return .failure(APIError(413, "at most \(maximumCount) URLs per request, got \(urls.count)"))
        }
        let state: String?
        switch members.first(where: { $0.key == "state" })?.value {
        case nil, .null: state = nil
        case .string(let found): state = found
        default: return .failure(APIError(400, "'state' must be a string"))
        }
        var appVersion: AppVersion?
        switch members.first(where: { $0.key == "appVersion" })?.value {
        case nil, .null: appVersion = nil
        case .string(let found):
            switch Self.appVersion(in: found) {
            case .success(let version): appVersion = version
            case .failure(let error): return .failure(error)
            }
        default: return .failure(APIError(400, "'appVersion' must be a string"))
        }
        switch members.first(where: { $0.key == "features" })?.value {
        case nil, .null: return .success(ResolveBatch(urls: urls, state: state, features: nil, appVersion: appVersion))
        case .array(let elements):
            var features: Set<String> = []
            for element in elements {
                guard case .string(let feature) = element else { return .failure(APIError(400, "'features' must be an array of strings")) }
                features.insert(feature)
            }
            return .success(ResolveBatch(urls: urls, state: state, features: features, appVersion: appVersion))
        default: return .failure(APIError(400, "'features' must be an array of strings"))
        }
    }
}
