/// A request's preconditions (RFC 9110 13), evaluated against a representation's entity tag and modification time:
/// whether it gets the representation, `304 Not Modified` or `412 Precondition Failed`.
package enum ConditionalRequest {
    /// What the preconditions ask for.
    package enum Outcome: Equatable, Sendable {
        /// The representation, as without preconditions.
        case full
        /// `304`: the client has these bytes.
        case notModified
        /// `412`: `If-Match` or `If-Unmodified-Since` fails.
        case preconditionFailed
    }

    /// The outcome for `request`, its preconditions evaluated in the order of RFC 9110 13.2.2: `If-Match`, else
    /// `If-Unmodified-Since` (412 when they fail); then `If-None-Match`, else `If-Modified-Since` (304 when the
    /// client has these bytes). `entityTag` is quoted; `modified` and `now` are seconds since 1970. Dates that are
    /// not strict IMF-fixdates, or later than `now`, are ignored.
    package static func evaluate(_ request: HTTPRequest, entityTag: String, modified: Int, now: Int = HTTPDate.now) -> Outcome {
        func date(_ name: String) -> Int? {
            request.header(name).flatMap(HTTPDate.parse).flatMap { $0 <= now ? $0 : nil }
        }
        if let ifMatch = request.header("If-Match") {
            guard matches(ifMatch, entityTag: entityTag, weakly: false) else { return .preconditionFailed }
        } else if let since = date("If-Unmodified-Since"), modified > since {
            return .preconditionFailed
        }
        if let ifNoneMatch = request.header("If-None-Match") {
            return matches(ifNoneMatch, entityTag: entityTag, weakly: true) ? .notModified : .full
        }
        if let since = date("If-Modified-Since"), modified <= since { return .notModified }
        return .full
    }

    /// Whether the list of entity tags `header` names `entityTag`: `*`, or the tag itself (a weak `W/` tag too when
    /// `weakly`, as `If-None-Match` compares; `If-Match` compares strongly, RFC 9110 8.8.3.2).
    static func matches(_ header: String, entityTag: String, weakly: Bool) -> Bool {
        header.split(separator: ",").contains { item in
            let tag = item.trimmingSpaces
            return tag == "*" || tag == entityTag || (weakly && tag == "W/" + entityTag)
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (optional whitespace, RFC 9110 5.6.3).
    fileprivate var trimmingSpaces: Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        return self.drop(while: isSpace).reversed().drop(while: isSpace).reversed().reduce(into: Substring()) { $0.append($1) }
    }
}
