import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@Suite("openInAppDomain: the host of the landing pages' Open in the app button")
struct OpenInAppDomainTests {
    /// A table with two domains, a Universal-only route with a landing page, and `extra` appended.
    static func table(domains: String = "[a.example, open.a.example]", openInApp: String, routes: String = "") -> String {
        """
        app:
          name: App
          appIDs: [ABCDE12345.com.example.app]
        domains: \(domains)
        openInAppDomain: \(openInApp)
        routes:
          - name: signIn
            path: m
            landing: magicLink
        \(routes)
        """
    }

    func check(_ yaml: String) -> [String] {
        Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("a host of domains other than the first is read, and the default table names one")
    func valid() throws {
        let configuration = try Configuration(yaml: Self.table(openInApp: "open.a.example"))
        #expect(configuration.openInAppDomain == "open.a.example" && configuration.warnings.isEmpty)
        #expect(try Configuration(contentsOf: ConfigurationTests.defaultConfig).openInAppDomain == "open.links.example.com")
        #expect(try Configuration(yaml: ConfigurationTests.valid).openInAppDomain == nil)
        #expect(check(Self.table(openInApp: "Open.A.Example")).isEmpty, "host names compare case-insensitively")
        #expect(check(Self.table(openInApp: "A.EXAMPLE")).count == 1)
    }

    @Test("a host that is not one of domains is refused on its line")
    func notInDomains() {
        #expect(
            check(Self.table(openInApp: "other.example")) == [
                "t.yaml:5: openInAppDomain 'other.example' is not one of domains (a.example, open.a.example): the AASA and the app's entitlement cover only those; add it to domains"
            ])
    }

    @Test("the first domain, where pages are, is refused: the tap would stay on the page's own host")
    func firstDomain() {
        #expect(
            check(Self.table(openInApp: "a.example")) == [
                "t.yaml:5: openInAppDomain 'a.example' is the first of domains, the host links and pages are written on: a tap on a link to the page's own host stays in Safari; name another host of domains"
            ])
    }

    @Test("a route whose links are on the alternate host is refused; one that does not open there is warned of")
    func routeScopes() {
        let routes = """
              - name: onlyOpen
                path: o
                scopes: [universal:open.a.example]
                landing: magicLink
              - name: onlyFirst
                path: f
                scopes: [universal:a.example]
                landing: magicLink
              - name: withScheme
                path: s
                scopes: [universal:a.example, app]
                landing: magicLink
            """
        #expect(
            check(Self.table(openInApp: "open.a.example", routes: routes).replacingOccurrences(of: "domains: [", with: "schemes: [app]\ndomains: [")) == [
                "t.yaml:11: route 'onlyOpen': its links and landing page are on openInAppDomain 'open.a.example' (the first host its scopes open): the Open in App button would link to the page's own host, where a tap stays in Safari",
                "t.yaml:15: warning: route 'onlyFirst': its scopes do not open it on openInAppDomain 'open.a.example', so its landing page has no Open in App button",
            ])
    }

    @Test("a list is not a host")
    func notAHost() {
        #expect(check(Self.table(openInApp: "[open.a.example]")) == ["t.yaml:5: config: 'openInAppDomain' must be a single value"])
    }
}
