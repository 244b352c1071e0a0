import LinkDoctor

@testable import DeepLinkAASA

extension AppleMatcher {
    /// The matcher of the first `details` entry of `aasa`, read as `deeplinkd doctor` reads a served file.
    init(aasa: String) throws {
        self = try ServedAssociation(body: Array(aasa.utf8)).details.first?.matcher ?? AppleMatcher(rules: [])
    }
}
