import DeepLinkRouting
import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Routes that need a newer app: /resolve's update and the landing page's notice")
struct UpdateNoticeTests {
    /// `StoreButtonTests.androidConfig` with the charger needing version 2.3 and the secret route 10.
    static let config = StoreButtonTests.androidConfig
        .replacingOccurrences(of: "    landing: charger\n", with: "    landing: charger\n    minAppVersion: \"2.3\"\n")
        .replacingOccurrences(of: "    landing: magicLink\n", with: "    landing: magicLink\n    minAppVersion: \"10\"\n")

    static let handler: SiteHandler? = (try? CompiledPageTests.site(config: config)).map { SiteHandler(site: $0, metrics: ServerMetrics()) }

    static func send(_ target: String, userAgent: String? = nil, method: String = "GET", body: String = "") throws -> HTTPResponse {
        let headers = (userAgent.map { [("User-Agent", $0)] } ?? []) + (method == "POST" ? [("Content-Type", "application/json")] : [])
        return SiteFixture.send(target, method: method, headers: headers, body: body, handler: try #require(Self.handler)).response
    }

    static let notice =
        "<strong>This link needs App &lt;b&gt; 2.3 or later.</strong> If App &lt;b&gt; is installed but older, update it, then open the link again."

    @Test("GET /resolve with an older appVersion answers update with the route's minimum", arguments: ["2.2.9", "1", "2.2"])
    func older(version: String) throws {
        let response = try Self.send("/resolve?url=https://links.example.com/c/AB&features=&appVersion=" + version)
        #expect(response.status == 200)
        #expect(response.text.hasSuffix(#""action":"update","minAppVersion":"2.3"}"# + "\n"), "\(response.text)")
    }

    @Test("GET /resolve with the same or a newer appVersion answers as without it", arguments: ["2.3", "2.3.0", "2.10", "3"])
    func newer(version: String) throws {
        let response = try Self.send("/resolve?url=https://links.example.com/c/AB&appVersion=" + version)
        #expect(response.text.hasSuffix(#""action":"dispatch"}"# + "\n"), "\(response.text)")
        #expect(!response.text.contains("minAppVersion"))
    }

    @Test("GET /resolve without appVersion says nothing of versions")
    func noVersion() throws {
        let text = try Self.send("/resolve?url=https://links.example.com/c/AB").text
        #expect(!text.contains("action") && !text.contains("minAppVersion"))
    }

    @Test("a malformed appVersion is a 400 saying what a version is", arguments: ["2.x", "", "1.2.3.4", "%202"])
    func malformed(version: String) throws {
        let response = try Self.send("/resolve?url=https://links.example.com/c/AB&appVersion=" + version)
        let text = version.removingPercentEncoding ?? version
        #expect(response.status == 400)
        #expect(
            response.text
                == #"{"error":"appVersion '\#(text)' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)"}"#
                + "\n")
    }

    @Test("POST /resolve takes one appVersion for the batch")
    func batch() throws {
        let body = #"{"urls": ["https://links.example.com/c/AB", "https://links.example.com/m/abcdefgh12345678"], "appVersion": "9.9"}"#
        let text = try Self.send("/resolve", method: "POST", body: body).text
        #expect(text.contains(#""links":{"universal":"https://links.example.com/c/AB","app":"expchg://c/AB"},"action":"dispatch"}"#), "\(text)")
        #expect(text.contains(#""action":"update","minAppVersion":"10"}"#), "\(text)")
    }

    @Test(
        "POST /resolve refuses an appVersion that is not a version string",
        arguments: [
            (#""2.x""#, "appVersion '2.x' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)"),
            ("2.3", "'appVersion' must be a string"), ("[\"2\"]", "'appVersion' must be a string"),
        ])
    func batchRefused(value: String, message: String) throws {
        let response = try Self.send("/resolve", method: "POST", body: #"{"urls": [], "appVersion": \#(value)}"#)
        #expect(response.status == 400)
        #expect(response.text == #"{"error":"\#(message)"}"# + "\n")
    }

    @Test("the page of a route with minAppVersion says which version it needs, with the store's Update button")
    func notice() throws {
        let iPhone = try Self.send("/c/AB", userAgent: StorePlatformTests.safariOnIPhone).text
        #expect(iPhone.contains(Self.notice))
        #expect(iPhone.contains(#"<a class="button primary" href="https://apps.apple.com/app/id1?mt=8">Update on the App Store</a></p>"#))
        #expect(!iPhone.contains("Update on Google Play"))
        let android = try Self.send("/c/AB", userAgent: StorePlatformTests.chromeOnAndroid).text
        #expect(android.contains(Self.notice) && android.contains(">Update on Google Play</a></p>") && !android.contains("Update on the App Store"))
        let secret = try Self.send("/m/abcdefgh12345678", userAgent: StorePlatformTests.safariOnIPhone).text
        #expect(secret.contains("<strong>This link needs App &lt;b&gt; 10 or later.</strong>") && !secret.contains("abcdefgh12345678"))
    }

    @Test("the page of a route without minAppVersion has no notice")
    func noNotice() throws {
        let text = SiteFixture.send("/c/AB", headers: [("User-Agent", StorePlatformTests.safariOnIPhone)]).response.text
        #expect(!text.contains("needs") && !text.contains("Update on"))
    }
}
