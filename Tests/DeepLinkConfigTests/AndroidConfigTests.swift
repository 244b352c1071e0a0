import DeepLinkAASA
import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@Suite("The android section: apps, fingerprints and relations")
struct AndroidConfigTests {
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let other = Array(repeating: "0F", count: 32).joined(separator: ":")

    func check(_ android: String, webcredentials: Bool = false) -> [String] {
        let yaml = ConfigurationTests.valid.replacingOccurrences(of: "  appIDs:", with: "  webcredentials: \(webcredentials)\n  appIDs:") + android
        return Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("a single mapping, the form written before the list, is still one app")
    func singleMapping() throws {
        let configuration = try Configuration(
            yaml: ConfigurationTests.valid + "android:\n  package: com.example.app\n  sha256CertFingerprints: [\"\(Self.fingerprint)\"]\n")
        #expect(configuration.android == [AndroidApp(package: "com.example.app", fingerprints: [Self.fingerprint])])
        #expect(
            configuration.documents.assetLinks().map { String(decoding: $0, as: UTF8.self) } == """
                [{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["\(Self.fingerprint)"]},"relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":[{"/":"/i/*/?*","exclude":true},{"/":"/i//*","exclude":true},{"/":"/i/?*"}]}}}]

                """)
    }

    @Test("a list holds one app per flavor, each with its relations; get_login_creds joins where webcredentials is on")
    func flavors() throws {
        let android = """
            android:
              - {package: com.example.app, sha256CertFingerprints: ["\(Self.fingerprint)", "\(Self.other)"]}
              - {package: com.example.app.debug, sha256CertFingerprints: ["\(Self.other)"], relations: [handle_all_urls]}
              - {package: com.example.passwords, sha256CertFingerprints: ["\(Self.other)"], relations: [get_login_creds]}

            """
        let yaml = ConfigurationTests.valid.replacingOccurrences(of: "  appIDs:", with: "  webcredentials: true\n  appIDs:") + android
        let configuration = try Configuration(yaml: yaml)
        let relations = configuration.android.map { $0.relations(webCredentials: configuration.table.app.webCredentials) }
        #expect(relations == [[.handleAllURLs, .getLoginCredentials], [.handleAllURLs], [.getLoginCredentials]])
        #expect(configuration.android.first?.fingerprints == [Self.fingerprint, Self.other])
    }

    @Test(
        "every bad package, fingerprint and relation is an error on its line",
        arguments: [
            (
                "android:\n  package: app\n  sha256CertFingerprints: [\"\(fingerprint)\"]\n",
                "t.yaml:13: android: package 'app' is not an application ID (two or more '.'-separated parts, each a letter followed by letters, digits or '_')"
            ),
            (
                "android:\n  package: com.1example.app\n  sha256CertFingerprints: [\"\(fingerprint)\"]\n",
                "t.yaml:13: android: package 'com.1example.app' is not an application ID (two or more '.'-separated parts, each a letter followed by letters, digits or '_')"
            ),
            (
                "android:\n  package: com.example-app\n  sha256CertFingerprints: [\"\(fingerprint)\"]\n",
                "t.yaml:13: android: package 'com.example-app' is not an application ID (two or more '.'-separated parts, each a letter followed by letters, digits or '_')"
            ),
            (
                "android:\n  package: com..app\n  sha256CertFingerprints: [\"\(fingerprint)\"]\n",
                "t.yaml:13: android: package 'com..app' is not an application ID (two or more '.'-separated parts, each a letter followed by letters, digits or '_')"
            ),
            (
                "android:\n  package: com.example.app\n  sha256CertFingerprints: [\"\(fingerprint.lowercased())\"]\n",
                "t.yaml:14: android: '\(fingerprint.lowercased())' is a SHA-256 fingerprint in lower case; Android compares fingerprints upper-case, so no app would verify: write '\(fingerprint)'"
            ),
            (
                "android:\n  package: com.example.app\n  sha256CertFingerprints: [\"\(fingerprint.replacingOccurrences(of: ":", with: ""))\"]\n",
                "t.yaml:14: android: '\(fingerprint.replacingOccurrences(of: ":", with: ""))' has no ':' between its bytes; Android compares the colon-separated form: write '\(fingerprint)'"
            ),
            (
                "android:\n  package: com.example.app\n  sha256CertFingerprints: [ab:cd]\n",
                "t.yaml:14: android: 'ab:cd' is not a SHA-256 fingerprint (32 upper-case hex bytes separated by ':', as keytool and apksigner print them)"
            ),
            ("android:\n  package: com.example.app\n  sha256CertFingerprints: []\n", "t.yaml:13: android: 'sha256CertFingerprints' lists no fingerprint"),
            (
                "android:\n  package: com.example.app\n  sha256CertFingerprints: [\"\(fingerprint)\", \"\(fingerprint)\"]\n",
                "t.yaml:14: android: fingerprint '\(fingerprint)' is listed twice"
            ),
            (
                "android:\n  package: com.example.app\n  sha256CertFingerprints: [\"\(fingerprint)\"]\n  relations: [handle_all_url]\n",
                "t.yaml:15: android: unknown relation 'handle_all_url' (known: handle_all_urls, get_login_creds)"
            ),
            (
                "android:\n  package: com.example.app\n  sha256CertFingerprints: [\"\(fingerprint)\"]\n  relations: []\n",
                "t.yaml:15: android: 'relations' lists none"
            ),
            (
                "android:\n  package: com.example.app\n  sha256: [\"\(fingerprint)\"]\n",
                "t.yaml:14: android: unknown key 'sha256' (known keys: package, sha256CertFingerprints, relations)"
            ),
            (
                "android:\n  - {package: com.example.app, sha256CertFingerprints: [\"\(fingerprint)\"]}\n  - {package: com.example.app, sha256CertFingerprints: [\"\(other)\"]}\n",
                "t.yaml:14: android: package 'com.example.app' is listed twice (first on line 13)"
            ),
            ("android: []\n", "t.yaml:12: android: the list names no app"),
            ("android:\n  - {sha256CertFingerprints: [\"\(fingerprint)\"]}\n", "t.yaml:13: android app 1: missing 'package'"),
        ])
    func refusals(android: String, message: String) {
        #expect(check(android).contains(message), "\(check(android))")
    }

    @Test("check warns when a route's dynamic rule stops early at a character its parameter may hold, and accepts the default table")
    func stopCharacter() throws {
        let yaml = """
            app: {name: A, appIDs: [ABCDE12345.com.example.app]}
            domains: [a.example]
            android: {package: com.example.app, sha256CertFingerprints: ["\(Self.fingerprint)"]}
            routes:
              - {name: product, path: "p/product-$(id)-view", params: {id: {charset: "a-z-"}}}
              - {name: item, path: "i/$(id)/details", params: {id: {charset: "a-z/"}}}
              - {name: plain, path: "q/$(id)/details", params: {id: {charset: "a-z"}}}

            """
        #expect(
            Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") } == [
                "t.yaml:5: warning: route 'product' (/p/product-$(id)-view): parameter 'id' may contain '-', where Android's dynamic App Links rules end its '*', so on Android 15+ a link whose 'id' holds '-' opens the browser",
                "t.yaml:6: warning: route 'item' (/i/$(id)/details): parameter 'id' may contain '/', where Android's dynamic App Links rules end its '*', so on Android 15+ a link whose 'id' holds '/' opens the browser",
            ])
        #expect(try Configuration(contentsOf: ConfigurationTests.defaultConfig).warnings.isEmpty)
    }
}
