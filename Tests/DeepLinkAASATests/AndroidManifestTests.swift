import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinkAASA

@Suite("The intent filters deeplinkd generate android-manifest writes")
struct AndroidManifestTests {
    @Test("the filters take every URL the resolver matches and every URL the dynamic rules claim, under both readings of '*'")
    func covers() throws {
        var checked = 0
        for (name, table) in try AndroidRulesTests.tables() {
            let manifest = try PatternMatcherModel(manifest: AndroidManifestGenerator(table: table).xml(activity: ".LinkActivity"))
            let generator = AssetLinksGenerator(table: table, apps: [AndroidRulesTests.app])
            for domain in table.domains {
                let bytes = Array(generator.json(for: domain).utf8)
                let models = try [false, true].map { try AndroidRuleModel(assetLinks: bytes, package: AndroidRulesTests.app.package, isBacktracking: $0) }
                for url in AndroidCorpus.urls(for: table, on: domain) {
                    let takes = manifest.takes(url)
                    let isMatched = if case .matched = table.resolve(url) { true } else { false }
                    // Read as PatternMatcher's `.*` is (the first stop ends it), the rules stay inside the filters. Read
                    // as a retrying `*`, they may claim a value holding the character after it, which the filters then
                    // leave in the browser: never a URL the resolver matches (check warns about such charsets).
                    if models[0].opensApp(url) == true { #expect(takes, "\(name): the dynamic rules claim \(url), which the manifest's filters do not take") }
                    if models[1].opensApp(url) == true, !takes { #expect(!isMatched, "\(name): \(url) is matched and claimed, but the filters do not take it") }
                    if isMatched, !AndroidRulesTests.hasEmptySegment(url), !url.contains("%2F") {
                        #expect(takes, "\(name): the resolver matches \(url), which the manifest's filters do not take")
                    }
                    checked += 1
                }
            }
            for scheme in table.schemes {
                for route in table.routes where Channel.app(scheme: scheme).tier(of: route.scopes) != nil {
                    guard let sample = route.sample(on: "x") else { continue }
                    let url = scheme + "://" + sample.path.dropFirst() + (sample.query.map { "?" + $0 } ?? "")
                    if case .matched = table.resolve(url) { #expect(manifest.takes(url), "\(name): \(url)") }
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test("the default table's filters: one verified filter for each domain, one for the scheme")
    func defaultTable() throws {
        let xml = AndroidManifestGenerator(table: AASAGeneratorTests.table).xml()
        #expect(xml.components(separatedBy: "<intent-filter android:autoVerify=\"true\">").count == 3)
        #expect(xml.contains("    <data android:host=\"links.example.com\" />\n    <data android:pathPattern=\"/c/.*\" />"))
        #expect(xml.contains("    <data android:host=\"open.links.example.com\" />\n    <data android:pathPattern=\"/c/.*\" />"))
        #expect(xml.contains("    <data android:path=\"/auth/callback\" />\n    <data android:path=\"/auth/callback/\" />\n</intent-filter>"))
        #expect(xml.contains("<intent-filter>\n    <action android:name=\"android.intent.action.VIEW\" />"))
        #expect(xml.contains("<data android:scheme=\"expchg\" />"))
        let manifest = try PatternMatcherModel(manifest: AndroidManifestGenerator(table: AASAGeneratorTests.table).xml(activity: ".MainActivity"))
        #expect(manifest.filters.map(\.isVerified) == [true, true, false])
        #expect(!manifest.takes("https://links.example.com/x/1"))
        #expect(!manifest.takes("https://evil.example/c/1"))
    }

    @Test("literal dots, stars, backslashes and quotes are escaped for aapt and the simple glob")
    func escaping() throws {
        let table = try Configuration(
            yaml:
                "app: {name: A, appIDs: [ABCDE12345.com.example.app]}\ndomains: [a.example]\nroutes:\n  - {name: r, path: \"o'k/a.b\\\\c\\\"/st-$(id).html\", params: {id: {charset: a-z}}}\n"
        ).table
        let xml = AndroidManifestGenerator(table: table).xml(activity: ".A")
        #expect(xml.contains(#"android:pathPattern="/o\'k/a\\.b\\\\c\&quot;/st-.*\\.html""#))
        let manifest = try PatternMatcherModel(manifest: xml)
        #expect(manifest.takes("https://a.example/o'k/a.b%5Cc%22/st-x.html"))
        #expect(!manifest.takes("https://a.example/o'k/aXb%5Cc%22/st-x.html"))
    }
}
