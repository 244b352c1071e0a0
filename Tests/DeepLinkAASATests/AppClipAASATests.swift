import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinkAASA

@Suite("An App Clip in the apple-app-site-association")
struct AppClipAASATests {
    static func table() throws -> RouteTable {
        let url = try #require(Bundle.module.url(forResource: "Golden/appclip", withExtension: "yaml"))
        return try Configuration(contentsOf: url.path).table
    }

    @Test("a table with app.appClips lists them under appclips.apps, byte for byte as the golden file")
    func golden() throws {
        let url = try #require(Bundle.module.url(forResource: "Golden/apple-app-site-association-appclip", withExtension: "json"))
        let generated = AASAGenerator(table: try Self.table()).json()
        #expect(generated == (try String(contentsOf: url, encoding: .utf8)))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(generated.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["applinks", "webcredentials", "appclips"])
        #expect((root["appclips"] as? [String: [String]]) == ["apps": ["ABCDE12345.com.polarisexpress.expresscan.Clip"]])
    }

    @Test("the default table has no App Clip, so its file has no appclips section")
    func noAppClip() throws {
        let url = try #require(Bundle.module.url(forResource: "Golden/apple-app-site-association", withExtension: "json"))
        #expect(!(try String(contentsOf: url, encoding: .utf8)).contains("appclips"))
        #expect(!AASAGenerator(table: AASAGeneratorTests.table).json().contains("appclips"))
    }
}
