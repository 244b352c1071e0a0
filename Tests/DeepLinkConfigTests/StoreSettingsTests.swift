import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@Suite("The stores section: App Store campaigns for the table and per route")
struct StoreSettingsTests {
    func check(_ stores: String) -> [String] {
        Configuration.check(yaml: ConfigurationTests.valid + stores).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("a table campaign and a route's own, over it key by key")
    func campaigns() throws {
        let configuration = try Configuration(
            yaml: ConfigurationTests.valid + """
                stores:
                  appStore: {ppid: 45812C9B-c296-43d3-bd30-8ed2ab1d9c1c, ct: "spring sale", pt: "118612"}
                  routes:
                    item: {ct: item-sticker}

                """)
        let table = AppStoreCampaign(productPage: "45812C9B-c296-43d3-bd30-8ed2ab1d9c1c", campaign: "spring sale", provider: "118612")
        #expect(configuration.stores.appStore == table)
        #expect(configuration.stores.appStore(forRoute: "other") == table)
        #expect(configuration.stores.appStore(forRoute: "item").campaign == "item-sticker")
        #expect(configuration.stores.appStore(forRoute: "item").productPage == table.productPage)
        #expect(table.query == "ppid=45812C9B-c296-43d3-bd30-8ed2ab1d9c1c&ct=spring%20sale&pt=118612&mt=8")
    }

    @Test("without a stores section the App Store URL names only the media type")
    func absent() throws {
        let configuration = try Configuration(yaml: ConfigurationTests.valid)
        #expect(configuration.stores == StoreSettings())
        #expect(configuration.stores.appStore(forRoute: "item").query == "mt=8")
    }

    @Test("every bad value is reported with its line and what is wanted")
    func problems() {
        #expect(
            check(
                """
                stores:
                  appStore: {ppid: 45812c9b-c296-43d3-bd30, ct: "\(String(repeating: "c", count: 41))", pt: 11a, mt: 8}
                  routes:
                    nope: {ct: x}
                    item: {ct: ""}

                """) == [
                    "t.yaml:12: stores: appStore: unknown key 'mt' (known keys: ppid, ct, pt)",
                    "t.yaml:12: stores: appStore: ppid '45812c9b-c296-43d3-bd30' is not a custom product page ID (a UUID, such as 45812c9b-c296-43d3-bd30-8ed2ab1d9c1c)",
                    "t.yaml:12: stores: appStore: ct has 41 characters; an App Store campaign token has 1 to 40",
                    "t.yaml:12: stores: appStore: pt '11a' is not a provider token (digits only)",
                    "t.yaml:14: stores: routes: no route is named 'nope'",
                    "t.yaml:15: stores: routes: item: ct has 0 characters; an App Store campaign token has 1 to 40",
                ])
        #expect(check("stores:\n  playStore: {}\n") == ["t.yaml:12: stores: unknown key 'playStore' (known keys: appStore, routes)"])
        #expect(check("stores:\n  routes: [item]\n") == ["t.yaml:12: stores: 'routes' must map route names to App Store campaigns"])
    }
}
