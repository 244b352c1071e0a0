import Testing

@testable import DeepLinkRouting

@Suite("Resolving the ExpresScan link shapes")
struct ResolveTests {
    let table = ExpresScanTable.table

    @Test(
        "each link shape resolves to its route and notification",
        arguments: [
            ("https://links.example.com/c/CH-42", "charger", "chargerDeepLinkRequested", ["id": "CH-42"]),
            ("https://links.example.com/m/abcdefghijklmnop_-12", "magicEmailSignIn", "magicEmailSignInRequested", ["token": "abcdefghijklmnop_-12"]),
            ("https://links.example.com/u/PUB1", "userQrSignIn", "userQrSignInRequested", ["publicId": "PUB1"]),
            ("https://links.example.com/auth/callback?code=a.b~c-d_e", "registrationCallback", "universalLinkRegistrationCallback", ["code": "a.b~c-d_e"]),
        ])
    func universalShapes(url: String, route: String, notification: String, parameters: [String: String]) throws {
        let outcome = table.resolve(url)
        guard case .matched(let match) = outcome else {
            Issue.record("\(url) did not match: \(outcome)")
            return
        }
        #expect(match.route.name == route)
        #expect(match.route.notification == notification)
        #expect(match.channel == .universal(host: "links.example.com"))
        #expect(outcome.parameters == parameters)
    }

    @Test("the charger link works in every custom-scheme spelling", arguments: ["expchg://c/42", "expchg:c/42", "expchg:///c/42", "EXPCHG://c/42"])
    func chargerOnCustomScheme(url: String) {
        let outcome = table.resolve(url)
        #expect(outcome.routeName == "charger")
        #expect(outcome.parameters == ["id": "42"])
        if case .matched(let match) = outcome { #expect(match.channel == .app(scheme: "expchg")) }
    }

    @Test(
        "sign-in and callback links are Universal-Link-only",
        arguments: [
            ("expchg://u/abcd", "userQrSignIn"), ("expchg://m/abcdefghijklmnop", "magicEmailSignIn"),
            ("expchg://auth/callback?code=x", "registrationCallback"),
        ])
    func signInRefusedOnCustomScheme(url: String, route: String) throws {
        let unmatched = try #require(table.resolve(url).unmatched)
        #expect(unmatched.reason == .channelNotAllowed)
        #expect(unmatched.route == route)
        #expect(unmatched.detail == "route '\(route)' cannot be opened from expchg: (its scopes: universal)")
    }

    @Test("the auth gate dispatches sign-in links only when signed out", arguments: ExpresScanTable.states)
    func gate(state: String) throws {
        let isSignedOut = ExpresScanTable.signedOut.contains(state)
        for url in ["https://links.example.com/u/abcd", "https://links.example.com/m/abcdefghijklmnop"] {
            let result = try table.resolve(url, state: state)
            #expect(result.action == (isSignedOut ? .dispatch : .ignore), "\(url) in \(state)")
        }
        for url in ["https://links.example.com/c/1", "expchg://c/1", "https://links.example.com/auth/callback?code=x"] {
            #expect(try table.resolve(url, state: state).action == .dispatch, "\(url) is not gated")
        }
    }

    @Test("no state means no action; an unknown state is an error")
    func states() throws {
        #expect(try table.resolve("https://links.example.com/u/abcd", state: nil).action == nil)
        #expect(throws: UnknownStateError(state: "signedIn", known: ExpresScanTable.states)) {
            try table.resolve("https://links.example.com/u/abcd", state: "signedIn")
        }
        #expect(try table.resolve("https://links.example.com/nothing", state: "ready").action == nil)
    }

    @Test(
        "crafted values are refused as invalid parameters",
        arguments: [
            ("https://links.example.com/c/" + String(repeating: "a", count: 65), "charger", "id", "is longer than 64 characters"),
            ("https://links.example.com/c/a%2Fb", "charger", "id", "contains a forbidden character U+002F '/'"),
            ("https://links.example.com/c/a%00", "charger", "id", "contains a forbidden character U+0000"),
            ("https://links.example.com/c/%E2%85%BD42", "charger", "id", "contains a forbidden character U+217D 'ⅽ'"),
            ("https://links.example.com/c/\u{441}42", "charger", "id", "contains a forbidden character U+0441 'с'"),
            ("https://links.example.com/c/a.b", "charger", "id", "contains a forbidden character U+002E '.'"),
            ("https://links.example.com/c/a+b", "charger", "id", "contains a forbidden character U+002B '+'"),
            ("https://links.example.com/u/abc", "userQrSignIn", "publicId", "is shorter than 4 characters"),
            ("https://links.example.com/m/short", "magicEmailSignIn", "token", "is shorter than 16 characters"),
            ("https://links.example.com/auth/callback", "registrationCallback", "code", "is required but missing"),
            ("https://links.example.com/auth/callback?code", "registrationCallback", "code", "is shorter than 1 characters"),
            ("https://links.example.com/auth/callback?code=", "registrationCallback", "code", "is shorter than 1 characters"),
            ("https://links.example.com/auth/callback?code=%3Cscript%3E", "registrationCallback", "code", "contains a forbidden character U+003C '<'"),
        ])
    func craftedValues(url: String, route: String, parameter: String, violation: String) throws {
        let unmatched = try #require(table.resolve(url).unmatched)
        #expect(unmatched.reason == .invalidParameter)
        #expect(unmatched.route == route)
        #expect(unmatched.parameter == parameter)
        #expect(unmatched.detail.hasSuffix("'\(parameter)' \(violation)"))
    }

    @Test(
        "every other failure has its own reason",
        arguments: [
            ("https://links.example.com/c/%ZZ", UnmatchedReason.malformedURL, "URL has invalid percent-escape '%ZZ'"),
            ("https://links.example.com/c/%C3%28", .malformedURL, "URL has percent-escapes decode to invalid UTF-8"),
            ("https://links.example.com/c/%4", .malformedURL, "URL has invalid percent-escape '%4'"),
            ("links.example.com/c/1", .malformedURL, "not an absolute URL: no scheme"),
            ("https://links.example.com/c/1 2", .malformedURL, "URL contains a space or control character at byte 29"),
            ("http://links.example.com/c/1", .unsupportedScheme, "scheme 'http' is not one of https, expchg"),
            ("ftp://links.example.com/c/1", .unsupportedScheme, "scheme 'ftp' is not one of https, expchg"),
            ("https://links.example.org/c/1", .foreignHost, "host 'links.example.org' is not one of the configured domains (links.example.com)"),
            ("https:/c/1", .foreignHost, "host (none) is not one of the configured domains (links.example.com)"),
            ("https://links.example.com/", .noRoute, "no route matches the path '/'"),
            ("https://links.example.com/c", .noRoute, "no route matches the path '/c'"),
            ("https://links.example.com/c/1/2", .noRoute, "no route matches the path '/c/1/2'"),
            ("https://links.example.com/C/1", .noRoute, "no route matches the path '/C/1'"),
            ("https://links.example.com/" + String(repeating: "a", count: 4071), .tooLong, "URL is 4097 bytes; the limit is 4096"),
        ])
    func failures(url: String, reason: UnmatchedReason, detail: String) throws {
        let unmatched = try #require(table.resolve(url).unmatched)
        #expect(unmatched.reason == reason)
        #expect(unmatched.detail == detail)
    }

    @Test(
        "paths normalise as Apple's matcher does",
        arguments: [
            "https://links.example.com/c/42/", "https://links.example.com//c//42", "https://links.example.com/c/42//",
            "https://links.example.com:443/c/42", "https://user@links.example.com/c/42#fragment", "https://links.example.com/%63/42",
        ])
    func normalisation(url: String) {
        #expect(table.resolve(url).parameters == ["id": "42"])
    }

    @Test("values are percent-decoded exactly once, in the path and in the query")
    func decodedOnce() throws {
        let table = try ExpresScanTable.table([
            ExpresScanTable.route("percent", "p/$(v)", scopes: ["universal"], [("v", "0-9%", nil, nil, nil), ("q", "0-9%", 0, nil, nil)], "n")
        ])
        #expect(table.resolve("https://a.example/p/%2541?q=%2541").parameters == ["v": "%41", "q": "%41"])
        #expect(table.resolve("https://a.example/p/1?%71=2").parameters == ["v": "1", "q": "2"], "query names are decoded too")
    }

    @Test("hosts and schemes compare in ASCII only: a Kelvin sign is not a K")
    func asciiCaseFolding() {
        #expect(table.resolve("https://lin\u{212A}s.example.com/c/1").unmatched?.reason == .foreignHost)
        #expect(table.resolve("HTTPS://LINKS.EXAMPLE.COM/c/1").routeName == "charger")
    }

    @Test("query items: last value wins, the path overrides, '+' stays '+'")
    func queryMerging() {
        let callback = table.resolve("https://links.example.com/auth/callback?code=first&code=se+c%2Bond")
        #expect(callback.unmatched?.detail == "route 'registrationCallback': query parameter 'code' contains a forbidden character U+002B '+'")
        #expect(table.resolve("https://links.example.com/auth/callback?code=bad!&code=good").parameters == ["code": "good"])
        #expect(table.resolve("https://links.example.com/c/42?id=evil&utm=x").parameters == ["id": "42"])
    }

    @Test(
        "a request target on a domain resolves exactly as the URL spelled out",
        arguments: [
            "/c/CH-42", "/c/CH-42?x=1", "//c//CH-42/", "/c/%43H", "/c/%ZZ", "/c/a b", "/c/\u{1}", "/m/abcdefghijklmnop_-12",
            "/auth/callback?code=a&code=b", "/auth/callback", "/nothing", "/", "", "*", "?code=1", "/c/" + String(repeating: "a", count: 4070),
            "/c/" + String(repeating: "a", count: 4071), "/c/é", "/c/%C3", "/c/CH-42#frag",
        ])
    func requestTargets(target: String) {
        let spelled = table.resolve("https://links.example.com" + target)
        let direct = table.resolve(on: .universal(host: "links.example.com"), target: target)
        #expect(Self.summary(direct) == Self.summary(spelled))
    }

    @Test(
        "the split entry answers as the URL spelled out on any channel, configured or not",
        arguments: [
            (Channel.universal(host: "LINKS.example.com"), "/c/CH-42", "https://LINKS.example.com/c/CH-42"),
            (.universal(host: "evil.example"), "/c/CH-42", "https://evil.example/c/CH-42"),
            (.app(scheme: "expchg"), "//c/CH-42", "expchg://c/CH-42"),
            (.app(scheme: "other"), "//c/CH-42", "other://c/CH-42"),
        ])
    func splitChannels(channel: Channel, target: String, url: String) {
        #expect(Self.summary(table.resolve(on: channel, target: target)) == Self.summary(table.resolve(url)))
    }

    private static func summary(_ outcome: ResolveOutcome) -> String {
        switch outcome {
        case .matched(let match): "\(match.route.name) \(match.routeIndex) \(match.parameters.map { "\($0.name)=\($0.value)" })"
        case .unmatched(let unmatched): "\(unmatched.reason) \(unmatched.detail)"
        }
    }
}
