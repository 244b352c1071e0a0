import Foundation
import HTTPTestSupport
import Testing

@testable import deeplinkd

/// The default table plus `features` and a route that requires one, in a scratch directory.
private struct FeatureTable {
    let scratch: ScratchDirectory
    let path: String

    init() throws {
        scratch = try ScratchDirectory("features")
        let text =
            try DefaultTable.text().replacingOccurrences(of: "\nroutes:", with: "\nfeatures: [premiumWorkflows, fleetReports]\nroutes:")
                + """
                  - name: workflow
                    path: w/$(id)
                    feature: premiumWorkflows
                    params:
                      id: {charset: "a-z0-9", max: 16}
                    notification: workflowRequested

                """
        path = try scratch.write(text, to: "deeplinkd.yaml")
    }

    func remove() {
        scratch.remove()
    }
}

@Suite("Aliases and feature gates through the command line and the live server, in process", .hangLimit)
struct AliasAndFeatureTests {
    static let alias =
        #""route":"charger","params":{"id":"CH-42"},"channel":"universal","notification":"chargerDeepLinkRequested","gate":null,"via":"charger/$(id)","links":{"universal":"https://links.example.com/c/CH-42","app":"expchg://c/CH-42"}"#
    static let workflow =
        #""route":"workflow","params":{"id":"abc"},"channel":"universal","notification":"workflowRequested","gate":null,"feature":"premiumWorkflows","links":{"universal":"https://links.example.com/w/abc","app":null}"#

    @Test("resolve: an alias gives the route, its parameters and canonical links, and says via; the path does not")
    func resolveAlias() throws {
        let result = try Deeplinkd.run(["resolve", "https://links.example.com/charger/CH-42", "https://links.example.com/c/CH-42"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"url":"https://links.example.com/charger/CH-42","matched":true,"# + Self.alias + "}")
        #expect(lines.last?.contains("via") == false)
    }

    @Test(
        "resolve --feature: ignored without the feature, dispatched with it, named when nothing is said",
        arguments: [
            ([], ""),
            (["--no-features"], #","action":"ignore","reason":"featureDisabled""#),
            (["--feature", "fleetReports"], #","action":"ignore","reason":"featureDisabled""#),
            (["--feature", "fleetReports", "--feature", "premiumWorkflows"], #","action":"dispatch""#),
            (["--state", "ready", "--feature", "premiumWorkflows"], #","action":"dispatch""#),
        ])
    func resolveFeature(options: [String], ending: String) throws {
        let table = try FeatureTable()
        defer { table.remove() }
        let result = try Deeplinkd.run(["resolve", "--config", table.path] + options + ["https://links.example.com/w/abc"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == #"{"url":"https://links.example.com/w/abc","matched":true,"# + Self.workflow + ending + "}\n")
    }

    @Test("resolve --feature with a feature the table does not declare fails")
    func unknownFeature() throws {
        let table = try FeatureTable()
        defer { table.remove() }
        let result = try Deeplinkd.run(["resolve", "--config", table.path, "--feature", "premium", "https://links.example.com/w/abc"])
        #expect(result.status == 1)
        #expect(result.error == "deeplinkd: unknown feature 'premium' (known features: premiumWorkflows, fleetReports)\n")
    }

    @Test("GET and POST /resolve: the alias says via, the feature gates, an unknown feature is a 400, aliases are counted")
    func serve() throws {
        let table = try FeatureTable()
        defer { table.remove() }
        let server = try LiveServer(["--config", table.path])
        defer { server.stop() }
        let alias = "https%3A%2F%2Flinks.example.com%2Fcharger%2FCH-42"
        let workflow = "https%3A%2F%2Flinks.example.com%2Fw%2Fabc"
        for _ in 0..<2 {  // the second is answered from the cache, and counted all the same
            let answer = try server.request("/resolve?url=\(alias)")
            #expect(answer.text == #"{"url":"https://links.example.com/charger/CH-42","matched":true,"# + Self.alias + "}\n")
        }
        #expect(try server.request("/charger/CH-42").status == 200)
        let ignored = try server.request("/resolve?url=\(workflow)&features=fleetReports")
        #expect(ignored.text.hasSuffix(#","action":"ignore","reason":"featureDisabled"}"# + "\n"))
        let none = try server.request("/resolve?url=\(workflow)&features=")
        #expect(none.text.hasSuffix(#","action":"ignore","reason":"featureDisabled"}"# + "\n"))
        let dispatched = try server.request("/resolve?url=\(workflow)&features=fleetReports,premiumWorkflows")
        #expect(
            dispatched.text.hasSuffix(
                #""feature":"premiumWorkflows","links":{"universal":"https://links.example.com/w/abc","app":null},"action":"dispatch"}"# + "\n"))
        let unknown = try server.request("/resolve?url=\(workflow)&features=premium")
        #expect(unknown.status == 400)
        #expect(unknown.text == #"{"error":"unknown feature 'premium' (known features: premiumWorkflows, fleetReports)"}"# + "\n")
        // An empty name in the list is refused, as in POST's array, wherever the comma is (found by schemathesis).
        for list in [",", ",,", "premiumWorkflows,", ",premiumWorkflows", "fleetReports,,premiumWorkflows", "%2C"] {
            let empty = try server.request("/resolve?url=\(workflow)&features=\(list)")
            #expect(empty.status == 400, "features=\(list)")
            #expect(empty.text == #"{"error":"'features' has an empty name: comma-separated names, or nothing for none"}"# + "\n")
        }
        #expect(try post(#"{"urls": ["https://links.example.com/w/abc"], "features": [""]}"#).status == 400)

        func post(_ body: String) throws -> RawResponse {
            try server.post("/resolve", body)
        }
        let batch = try post(#"{"urls": ["https://links.example.com/charger/CH-42", "https://links.example.com/w/abc"], "features": []}"#)
        #expect(batch.status == 200)
        #expect(
            batch.text == #"{"results":[{"url":"https://links.example.com/charger/CH-42","matched":true,"# + Self.alias
                + #","action":"dispatch"},{"url":"https://links.example.com/w/abc","matched":true,"#
                + Self.workflow + #","action":"ignore","reason":"featureDisabled"}]}"# + "\n")
        let enabled = try post(#"{"urls": ["https://links.example.com/w/abc"], "state": "ready", "features": ["premiumWorkflows"]}"#)
        #expect(enabled.text.hasSuffix(#","action":"dispatch"}]}"# + "\n"))
        let refused = try post(#"{"urls": ["https://links.example.com/w/abc"], "features": ["premium"]}"#)
        #expect(refused.status == 400)
        #expect(refused.text == #"{"error":"unknown feature 'premium' (known features: premiumWorkflows, fleetReports)"}"# + "\n")
        #expect(try post(#"{"urls": [], "features": "premiumWorkflows"}"#).text == #"{"error":"'features' must be an array of strings"}"# + "\n")

        let metrics = try server.request("/metrics").text
        #expect(metrics.contains(#"deeplinkd_alias_matches_total{route="charger",alias="charger/$(id)"} 4"#))
        #expect(metrics.contains(#"deeplinkd_resolves_total{route="charger",outcome="matched"} 3"#))
        #expect(metrics.contains(#"deeplinkd_link_opens_total{route="charger",channel="links.example.com"} 1"#))
    }
}
