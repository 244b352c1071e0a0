import Testing

@testable import MicroHTTP

@Suite("Conditional requests")
struct ConditionalRequestTests {
    static let tag = "\"0123456789abcdef\""
    /// Mon, 01 Jan 2024 00:00:00 GMT.
    static let modified = 1_704_067_200
    static let now = modified + 86_400

    static func outcome(_ headers: HTTPHeaders) -> ConditionalRequest.Outcome {
        ConditionalRequest.evaluate(HTTPRequest(method: "GET", target: "/", headers: headers), entityTag: tag, modified: modified, now: now)
    }

    @Test(
        "each precondition gives the outcome RFC 9110 asks for",
        arguments: [
            ("", "", ConditionalRequest.Outcome.full),
            ("If-None-Match", tag, .notModified),
            ("If-None-Match", "\"other\", W/\(tag)", .notModified),
            ("If-None-Match", "*", .notModified),
            ("If-None-Match", "\"other\"", .full),
            ("If-Match", "W/\(tag)", .preconditionFailed),
            ("If-Match", " \(tag) ,\"other\"", .full),
            ("If-Match", "\"other\"", .preconditionFailed),
            ("If-Modified-Since", "Mon, 01 Jan 2024 00:00:00 GMT", .notModified),
            ("If-Modified-Since", "Sun, 31 Dec 2023 23:59:59 GMT", .full),
            ("If-Unmodified-Since", "Sun, 31 Dec 2023 23:59:59 GMT", .preconditionFailed),
            ("If-Unmodified-Since", "Mon, 01 Jan 2024 00:00:00 GMT", .full),
        ])
    func outcomes(name: String, value: String, outcome: ConditionalRequest.Outcome) {
        var headers = HTTPHeaders()
        if !name.isEmpty { headers.add(name: name, value: value) }
        #expect(Self.outcome(headers) == outcome)
    }

    @Test("If-Match takes precedence over If-Unmodified-Since, and If-None-Match over If-Modified-Since")
    func precedence() {
        #expect(Self.outcome(["If-Match": Self.tag, "If-Unmodified-Since": "Sun, 31 Dec 2023 23:59:59 GMT"]) == .full)
        #expect(Self.outcome(["If-None-Match": "\"other\"", "If-Modified-Since": "Mon, 01 Jan 2024 00:00:00 GMT"]) == .full)
        #expect(Self.outcome(["If-Match": "\"other\"", "If-None-Match": Self.tag]) == .preconditionFailed)
    }

    @Test("a date later than now, or not a strict IMF-fixdate, is ignored")
    func ignoredDates() {
        #expect(Self.outcome(["If-Modified-Since": "Wed, 03 Jan 2024 00:00:00 GMT"]) == .full)
        #expect(Self.outcome(["If-Unmodified-Since": "Sun, 31 Dec 2023 23:59:59 UTC"]) == .full)
        #expect(Self.outcome(["If-Modified-Since": "Monday, 01-Jan-24 00:00:00 GMT"]) == .full)
    }
}
