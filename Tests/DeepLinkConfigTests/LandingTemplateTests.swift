import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@Suite("With the templates known, every landing must name one, in exactly its case")
struct LandingTemplateTests {
    static let yaml = """
        app:
          name: App
          appIDs: [ABCDE12345.com.example.app]
        domains: [a.example]
        routes:
          - name: charger
            path: c/$(id)
            params:
              id: {charset: "0-9"}
            notification: n
            landing: Charger
          - name: other
            path: o
            notification: n
            landing: nowhere
          - name: fine
            path: f
            notification: n
            landing: qrSignIn
          - name: partial
            path: p
            notification: n
            landing: layout

        """

    @Test("a landing with no template, or one that differs in case, is an error on the landing's line")
    func missingTemplates() {
        let check = Configuration.check(yaml: Self.yaml, templates: ["charger", "qrSignIn", "layout", "error"])
        #expect(check.table == nil)
        #expect(
            check.diagnostics.map { $0.formatted(file: "t.yaml") } == [
                "t.yaml:11: route 'charger': landing 'Charger' has no template Charger.mustache (there is charger.mustache: template names are case-sensitive)",
                "t.yaml:15: route 'other': landing 'nowhere' has no template nowhere.mustache",
                "t.yaml:23: route 'partial': landing 'layout' is not a page: 'layout' and 'error' are the templates every page is made with",
            ])
    }

    @Test("without the templates, only the landing names are checked")
    func withoutTemplates() {
        #expect(
            Configuration.check(yaml: Self.yaml).diagnostics.map { $0.formatted(file: "t.yaml") } == [
                "t.yaml:23: route 'partial': landing 'layout' is not a page: 'layout' and 'error' are the templates every page is made with"
            ])
    }

    @Test("a domain written in Unicode is refused from YAML too, with the Punycode to write")
    func unicodeDomain() {
        let yaml = Self.yaml.replacingOccurrences(of: "domains: [a.example]", with: "domains: [bücher.example, a.example]")
        #expect(
            Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") }.first
                == "t.yaml:4: domain 'bücher.example' has non-ASCII letters: write it in Punycode, as 'xn--bcher-kva.example'")
    }
}
