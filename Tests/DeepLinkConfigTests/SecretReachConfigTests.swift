import DeepLinkConfig
import DeepLinkRouting
import Testing

/// Every way a table could let a `secret: true` route's values reach an answer that is not secret (logged in full,
/// cached, served `public`, printed in a page), one table each, with check's messages verbatim.
@Suite("check refuses every way a secret route's values reach an answer that is not secret")
struct SecretReachConfigTests {
    static let head = """
        app: {name: App, appIDs: [ABCDE12345.com.example.app]}
        domains: [a.example]
        schemes: [app]
        routes:

        """

    /// The diagnostics of `routes` under `head`, formatted as `check` prints them for `t.yaml`.
    static func problems(_ routes: String) -> [String] {
        Configuration.check(yaml: head + routes).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("a route that is not secret whose stack names a secret route: its own URL carries the token")
    func stackNamesSecret() {
        let routes = """
              - name: signIn
                path: m/$(token)
                params: {token: {charset: "A-Za-z0-9", min: 16, max: 64}}
                secret: true
              - name: welcome
                path: m/$(token)/welcome
                params: {token: {charset: "A-Za-z0-9", min: 16, max: 64}}
                stack: [signIn]

            """
        #expect(
            Self.problems(routes) == [
                "t.yaml:12: route 'welcome' is not secret, but its stack names secret route 'signIn' (line 5), so its own URL carries the secret value of 'token': it would be logged in full, cached and shown in its page; make 'welcome' secret too, or take 'signIn' out of its stack"
            ])
        #expect(Self.problems(routes.replacingOccurrences(of: "    stack: [signIn]", with: "    stack: [signIn]\n    secret: true")).isEmpty)
    }

    @Test("a secret route whose stack names a route that is not secret: that route is opened with the token")
    func secretStackNamesPublic() {
        let routes = """
              - name: profile
                path: p/$(token)
                params: {token: {charset: "A-Za-z0-9", max: 64}}
              - name: signIn
                path: m/$(token)
                params: {token: {charset: "A-Za-z0-9", min: 16, max: 64}}
                secret: true
                stack: [profile]

            """
        #expect(
            Self.problems(routes) == [
                "t.yaml:12: secret route 'signIn': stack route 'profile' (line 5) is not secret, but would be opened with the secret value of 'token', which its screen and links would treat as not secret; make 'profile' secret too, or take it out of the stack"
            ])
    }

    @Test("a stack entry that shares no parameter with its route carries no value, so a secret one is allowed")
    func stackWithoutSharedValues() {
        let routes = """
              - name: signInHome
                path: login
                params: {hint: {charset: "a-z"}}
                secret: true
              - name: help
                path: help
                stack: [signInHome]

            """
        #expect(Self.problems(routes).isEmpty)
    }

    @Test("an alias of a secret route onto URLs a route that is not secret answers first: its links are answered as that route")
    func secretAliasOntoPublicRoute() {
        let routes = """
              - name: userQrSignIn
                path: u/$(publicId)
                params: {publicId: {charset: "A-Za-z0-9", min: 4, max: 64}}
              - name: signIn
                path: m/$(token)
                aliases: [u/$(token)]
                params: {token: {charset: "A-Za-z0-9", min: 16, max: 80}}
                secret: true

            """
        #expect(
            Self.problems(routes) == [
                "t.yaml:10: route 'signIn' alias 'u/$(token)' is secret, but route 'userQrSignIn' (line 5), which is not, is tried before it on https://a.example and matches some of its URLs: their values would be logged in full, cached and shown in its page; make 'userQrSignIn' secret too, or their patterns disjoint"
            ])
    }

    @Test("an alias of a route that is not secret tried before a secret path, even one that covers it whole")
    func publicAliasBeforeSecretPath() {
        let routes = """
              - name: legacy
                path: l/$(code)
                aliases: [m/$(code)]
                params: {code: {charset: "A-Za-z0-9", max: 128}}
              - name: signIn
                path: m/$(token)
                params: {token: {charset: "A-Za-z0-9", min: 16, max: 64}}
                secret: true

            """
        #expect(
            Self.problems(routes) == [
                "t.yaml:9: route 'signIn' can never match: route 'legacy' (line 7) matches every URL it would",
                "t.yaml:9: route 'signIn' is secret, but route 'legacy' alias 'm/$(code)' (line 7), which is not, is tried before it on https://a.example and matches some of its URLs: their values would be logged in full, cached and shown in its page; make 'legacy' secret too, or their patterns disjoint",
            ])
    }

    @Test("a route that is not secret tried after a secret one it overlaps: it answers the links the secret route refuses")
    func publicRouteAfterSecret() {
        let routes = """
              - name: signIn
                path: m/$(token)
                params: {token: {charset: "A-Za-z0-9", min: 16, max: 64}}
                secret: true
              - name: fallback
                path: m/*

            """
        #expect(
            Self.problems(routes) == [
                "t.yaml:9: route 'fallback' is not secret, but matches URLs of secret route 'signIn' (line 5) on https://a.example that 'signIn' refuses (a value with a character added or cut off, as a mail client may leave a link): they would be logged in full, cached and shown in its page; make 'fallback' secret too, or their patterns disjoint"
            ])
    }

    @Test("a secret query parameter: a route that is not secret on the same path answers the URLs the secret route refuses")
    func secretQueryParameter() {
        let routes = """
              - name: callback
                path: auth/callback
                params: {code: {charset: "A-Za-z0-9", min: 8, max: 64, required: true}}
                secret: true
              - name: callbackHelp
                path: auth/callback

            """
        #expect(
            Self.problems(routes) == [
                "t.yaml:9: route 'callbackHelp' is not secret, but matches URLs of secret route 'callback' (line 5) on https://a.example that 'callback' refuses (a value with a character added or cut off, as a mail client may leave a link): they would be logged in full, cached and shown in its page; make 'callbackHelp' secret too, or their patterns disjoint"
            ])
    }

    @Test("the same patterns on channels that do not meet, or values that cannot be the same, share no URL")
    func separateChannels() {
        let routes = """
              - name: signIn
                path: m/$(token)
                params: {token: {charset: "A-Za-z0-9", min: 16, max: 64}}
                scopes: [universal]
                secret: true
              - name: appOnly
                path: m/$(id)
                params: {id: {charset: "A-Za-z0-9"}}
                scopes: [app]
              - name: underscores
                path: m/$(marks)
                params: {marks: {charset: "_"}}

            """
        #expect(Self.problems(routes).isEmpty)
    }

    @Test("the default table has none of these")
    func defaultTable() throws {
        #expect(Configuration.check(file: ConfigurationTests.defaultConfig).diagnostics.isEmpty)
    }
}
