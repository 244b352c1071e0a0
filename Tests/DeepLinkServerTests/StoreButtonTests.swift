import DeepLinkRouting
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("The store buttons of landing pages")
struct StoreButtonTests {
    /// `CompiledPageTests.permissiveConfig` with an Android app, so pages have a Google Play button.
    static let androidConfig = CompiledPageTests.permissiveConfig.replacingOccurrences(
        of: "routes:\n",
        with: """
            android:
              - package: com.example.app
                sha256CertFingerprints: ["3B:7A:0C:D4:19:E2:56:81:AF:4C:92:6D:E0:17:B8:35:C9:04:FA:62:1E:8D:73:A5:D0:4B:E9:26:7F:13:C8:5A"]
            routes:

            """)

    @Test("the App Store button names the app's media type, mt=8")
    func appStore() {
        let text = SiteFixture.send("/c/AB12").response.text
        #expect(text.contains(#"<a class="button primary" href="https://apps.apple.com/app/id1234567890?mt=8">Download on the App Store</a>"#))
    }

    @Test(
        "the Google Play button's referrer is the canonical link, percent-encoded, whatever path or alias the page came through",
        arguments: [("/c/AB12", "c%2FAB12"), ("/charger/AB_12-x?utm=1", "c%2FAB_12-x"), ("/u/abcd", "u%2Fabcd")])
    func play(target: String, canonical: String) {
        let text = SiteFixture.send(target).response.text
        let href = "https://play.google.com/store/apps/details?id=com.polarisexpress.expresscan&amp;referrer=https%3A%2F%2Flinks.example.com%2F" + canonical
        #expect(text.contains(#"<a class="button" href="\#(href)">Get it on Google Play</a>"#))
    }

    @Test("a secret page's Google Play button carries no referrer, and its token is only in the Open in the app link")
    func secret() {
        let text = SiteFixture.send("/m/abcdefghijklmnop1234").response.text
        #expect(
            text.contains(#"<a class="button" href="https://play.google.com/store/apps/details?id=com.polarisexpress.expresscan">Get it on Google Play</a>"#))
        #expect(!text.contains("referrer") && text.components(separatedBy: "abcdefghijklmnop1234").count == 2)
        #expect(text.contains(#"href="https://open.links.example.com/m/abcdefghijklmnop1234">Open in ExpresScan</a>"#))
    }

    @Test("the App Store button names the table's custom product page and campaign, and a route's own over them")
    func campaign() throws {
        let config =
            CompiledPageTests.permissiveConfig + """
                stores:
                  appStore: {ppid: 45812c9b-c296-43d3-bd30-8ed2ab1d9c1c, ct: "spring & sale", pt: "118612"}
                  routes:
                    charger: {ct: sticker}

                """
        let site = try CompiledPageTests.site(config: config)
        let handler = SiteHandler(site: site, metrics: ServerMetrics())
        let store = "https://apps.apple.com/app/id1?ppid=45812c9b-c296-43d3-bd30-8ed2ab1d9c1c&amp;ct="
        #expect(SiteFixture.send("/c/x", handler: handler).response.text.contains(store + #"sticker&amp;pt=118612&amp;mt=8">"#))
        let secret = SiteFixture.send("/m/abcdefgh12345678", handler: handler).response.text
        #expect(secret.contains(store + #"spring%20%26%20sale&amp;pt=118612&amp;mt=8">"#) && !secret.contains("abcdefgh12345678"))
    }

    @Test("a table without an Android app has no Google Play button")
    func noAndroid() throws {
        let site = try CompiledPageTests.site(config: CompiledPageTests.permissiveConfig)
        let text = SiteFixture.send("/c/x", handler: SiteHandler(site: site, metrics: ServerMetrics())).response.text
        #expect(!text.contains("play.google.com") && !text.contains("Google Play"))
    }
}
