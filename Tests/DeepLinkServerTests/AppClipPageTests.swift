import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Landing pages of App Clip routes")
struct AppClipPageTests {
    /// The default table with an App Clip, offered on the charger route.
    static let handler: SiteHandler? = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-appclip-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let yaml = try String(contentsOfFile: SiteFixture.configPath, encoding: .utf8)
                .replacingOccurrences(of: "  webcredentials: true", with: "  appClips: [ABCDE12345.com.polarisexpress.expresscan.Clip]\n  webcredentials: true")
                .replacingOccurrences(of: "    landing: charger\n", with: "    landing: charger\n    appClip: true\n")
            let path = directory.appendingPathComponent("deeplinkd.yaml").path
            try yaml.write(toFile: path, atomically: true, encoding: .utf8)
            let site = try Site(configPath: path, publicDirectory: SiteFixture.publicDirectory)
            return SiteHandler(site: site, metrics: ServerMetrics())
        } catch {
            return nil
        }
    }()

    @Test("the charger page's Smart App Banner names the App Clip and asks for the card")
    func banner() throws {
        let handler = try #require(Self.handler)
        let html = SiteFixture.send("/c/CH-42", handler: handler).response.text
        #expect(
            html.contains(
                #"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=https://links.example.com/c/CH-42, app-clip-bundle-id=com.polarisexpress.expresscan.Clip, app-clip-display=card">"#
            ))
    }

    @Test("routes without appClip keep the plain banner", arguments: ["/u/PUB1", "/m/abcdefghijklmnop_SECRET-1234"])
    func otherRoutes(target: String) throws {
        let html = SiteFixture.send(target, handler: try #require(Self.handler)).response.text
        #expect(html.contains(#"<meta name="apple-itunes-app" content="app-id=1234567890"#))
        #expect(!html.contains("app-clip"))
    }

    @Test("the AASA it serves lists the App Clip")
    func aasa() throws {
        let response = SiteFixture.send("/.well-known/apple-app-site-association", handler: try #require(Self.handler)).response
        let apps = (response.json()?["appclips"] as? [String: [String]])?["apps"]
        #expect(apps == ["ABCDE12345.com.polarisexpress.expresscan.Clip"])
    }
}
