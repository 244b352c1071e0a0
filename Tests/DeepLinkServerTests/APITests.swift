import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("The /resolve and /link APIs")
struct APITests {
    typealias F = SiteFixture

    @Test("GET /resolve returns the resolve result, 200 whether or not it matched")
    func resolve() throws {
        let matched = F.send("/resolve?url=https%3A%2F%2Flinks.example.com%2Fu%2Fabcd&state=ready").response
        #expect(matched.status == 200)
        #expect(matched.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(matched.headers["Cache-Control"] == "no-store")
        let object = try #require(matched.json())
        #expect(object["route"] as? String == "userQrSignIn")
        #expect(object["action"] as? String == "ignore")
        let unmatched = try #require(F.send("/resolve?url=expchg%3A%2F%2Fu%2Fabcd").response.json())
        #expect(unmatched["reason"] as? String == "channelNotAllowed")
        #expect(F.send("/resolve?url=expchg://c/1").response.json()?["route"] as? String == "charger")
    }

    @Test(
        "GET /resolve errors are 400 JSON",
        arguments: [
            ("/resolve", "missing query parameter 'url'"),
            ("/resolve?state=ready", "missing query parameter 'url'"),
            (
                "/resolve?url=https://links.example.com/c/1&state=signedIn",
                "unknown state 'signedIn' (known states: launching, welcome, loggingIn, registering, priming, customerSigningIn, ready)"
            ),
            ("/resolve?url=%ZZ", "the query is malformed: invalid percent-escape '%ZZ'"),
            ("/resolve?url=a&url=b", "query parameter 'url' is given twice"),
            ("/resolve?url=a&%75rl=b", "query parameter 'url' is given twice"),
            // Past eight items repeats are found through a set rather than pairwise.
            ("/resolve?url=a&" + (0..<20).map { "p\($0)=1" }.joined(separator: "&") + "&p3=2", "query parameter 'p3' is given twice"),
        ])
    func resolveErrors(target: String, message: String) {
        let response = F.send(target).response
        #expect(response.status == 400)
        #expect(response.json()?["error"] as? String == message)
    }

    @Test("many distinct query items are accepted; unknown ones are ignored")
    func manyItems() {
        let target = "/resolve?" + (0..<40).map { "p\($0)=1" }.joined(separator: "&") + "&url=expchg%3A%2F%2Fc%2F9"
        let response = F.send(target).response
        #expect(response.status == 200)
        #expect(response.json()?["route"] as? String == "charger")
    }

    @Test("POST /resolve resolves a batch in order")
    func batch() throws {
        let body = #"{"urls": ["https://links.example.com/m/abcdefghijklmnop", "expchg://c/9", "http://x/"], "state": "welcome"}"#
        let response = F.send("/resolve", method: "POST", headers: [("Content-Type", "application/json; charset=utf-8")], body: body).response
        #expect(response.status == 200)
        let results = try #require(response.json()?["results"] as? [[String: Any]])
        #expect(results.map { $0["route"] as? String } == ["magicEmailSignIn", "charger", nil])
        #expect(results.map { $0["action"] as? String } == ["dispatch", "dispatch", nil])
        #expect(results.last?["reason"] as? String == "unsupportedScheme")
    }

    @Test(
        "POST /resolve refuses bad batches with the right status",
        arguments: [
            ("text/plain", #"{"urls": []}"#, 415, "send the batch as Content-Type: application/json"),
            ("application/json", "{not json", 400, "the body is not strict JSON (RFC 8259): something other than a key at byte 1"),
            ("application/json", #"{"urls":["expchg://c/1",],}"#, 400, "the body is not strict JSON (RFC 8259): a trailing comma at byte 24"),
            ("application/json", #"{"urls":["expchg://c/1"],}"#, 400, "the body is not strict JSON (RFC 8259): a trailing comma at byte 25"),
            (
                "application/json", #"{"urls":[],"state":"ready","state":"welcome"}"#, 400,
                "the body is not strict JSON (RFC 8259): the key 'state' given twice at byte 27"
            ),
            ("application/json", "\u{FEFF}{\"urls\":[]}", 400, "the body is not strict JSON (RFC 8259): a byte order mark; send UTF-8 without one at byte 0"),
            ("application/json", #"{"urls":[]} x"#, 400, "the body is not strict JSON (RFC 8259): more after the JSON value at byte 12"),
            ("application/json", #"{"urls":["\ud800"]}"#, 400, "the body is not strict JSON (RFC 8259): a lone surrogate at byte 10"),
            ("application/json", "{\"urls\":[\"a\u{1}\"]}", 400, "the body is not strict JSON (RFC 8259): a control character inside a string at byte 11"),
            ("application/json", #"{"urls":[01]}"#, 400, "the body is not strict JSON (RFC 8259): a malformed number at byte 9"),
            ("application/json", #"// c\n{"urls":[]}"#, 400, "the body is not strict JSON (RFC 8259): '/' where a value was expected at byte 0"),
            ("application/json", String(repeating: "[", count: 40), 400, "the body is not strict JSON (RFC 8259): more than 32 levels of nesting at byte 32"),
            ("application/json", #"["a"]"#, 400, "the body is not a JSON object"),
            ("application/json", #"{"urls": "a"}"#, 400, "'urls' must be an array of strings"),
            ("application/json", #"{"urls": [1]}"#, 400, "'urls' must be an array of strings"),
            ("application/json", #"{"urls": [], "state": 3}"#, 400, "'state' must be a string"),
            (
                "application/json", #"{"urls": [], "extra": 1}"#, 400,
                #"unknown key 'extra'; send {"urls": [...], "state": ..., "features": [...], "appVersion": ...}"#
            ),
            (
                "application/json", #"{"urls": [], "state": "nope"}"#, 400,
                "unknown state 'nope' (known states: launching, welcome, loggingIn, registering, priming, customerSigningIn, ready)"
            ),
            (
                "application/json", #"{"urls": ["a"], "state": "nope"}"#, 400,
                "unknown state 'nope' (known states: launching, welcome, loggingIn, registering, priming, customerSigningIn, ready)"
            ),
        ])
    func batchErrors(contentType: String, body: String, status: Int, message: String) {
        let response = F.send("/resolve", method: "POST", headers: [("Content-Type", contentType)], body: body).response
        #expect(response.status == status)
        #expect(response.json()?["error"] as? String == message)
    }

    @Test("POST /resolve refuses UTF-16 and text that is not UTF-8, whatever JSONSerialization would make of it")
    func batchEncodings() {
        let utf16 = Array(#"{"urls":[]}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for (body, problem) in [
            (utf16, "a NUL byte (UTF-16 or UTF-32?); send UTF-8 at byte 1"), ([0xFF, 0xFE] + utf16, "a NUL byte (UTF-16 or UTF-32?); send UTF-8 at byte 3"),
            ([0xFF] + Array(#"{"urls":[]}"#.utf8), "text that is not UTF-8 at byte 0"),
        ] {
            let request = HTTPRequest(method: "POST", target: "/resolve", headers: ["Content-Type": "application/json"], body: body)
            guard case .response(let response) = F.handler.respond(to: request).reply else {
                Issue.record("expected a built response")
                continue
            }
            #expect(response.status == 400)
            #expect(response.json()?["error"] as? String == "the body is not strict JSON (RFC 8259): " + problem)
        }
    }

    @Test("POST /resolve takes at most 1000 URLs")
    func batchLimit() {
        let urls = (0..<1001).map { "\"expchg://c/\($0)\"" }.joined(separator: ",")
        let response = F.send("/resolve", method: "POST", headers: [("Content-Type", "application/json")], body: "{\"urls\": [\(urls)]}").response
        #expect(response.status == 413)
        #expect(response.json()?["error"] as? String == "at most 1000 URLs per request, got 1001")
        let thousand = (0..<1000).map { "\"expchg://c/\($0)\"" }.joined(separator: ",")
        let accepted = F.send("/resolve", method: "POST", headers: [("Content-Type", "application/json")], body: "{\"urls\": [\(thousand)]}").response
        #expect((accepted.json()?["results"] as? [Any])?.count == 1000)
    }

    @Test(
        "GET /link builds links or says why not",
        arguments: [
            ("/link?route=charger&id=CH-42", 200, #"{"universal":"https://links.example.com/c/CH-42","app":"expchg://c/CH-42"}"#),
            ("/link?route=registrationCallback&code=a.b", 200, #"{"universal":"https://links.example.com/auth/callback?code=a.b","app":null}"#),
            ("/link?route=charger&id=a%2Fb", 400, #"{"error":"route 'charger': parameter 'id' contains a forbidden character U+002F '/'"}"#),
            (
                "/link?route=nope", 400,
                #"{"error":"unknown route 'nope' (routes: charger, magicEmailSignIn, userQrSignIn, registrationError, registrationCallback)"}"#
            ),
            ("/link?id=1", 400, #"{"error":"missing query parameter 'route'"}"#),
            ("/link?route=charger&id", 400, #"{"error":"query item 'id' has no '='; send id=VALUE"}"#),
            ("/link?route=registrationCallback&c%6Fde", 400, #"{"error":"query item 'code' has no '='; send code=VALUE"}"#),
            ("/resolve?url=expchg://c/1&state", 400, #"{"error":"query item 'state' has no '='; send state=VALUE"}"#),
            ("/link?route=charger&id=&&", 400, #"{"error":"route 'charger': parameter 'id' is shorter than 1 characters"}"#),
            ("/link?route=charger&id=%3Cscript%3E", 400, #"{"error":"route 'charger': parameter 'id' contains a forbidden character U+003C '<'"}"#),
        ])
    func link(target: String, status: Int, body: String) {
        let response = F.send(target).response
        #expect(response.status == status)
        #expect(response.text == body + "\n")
    }

    @Test("wrong methods get 405 with Allow, as JSON on the APIs")
    func methods() {
        let put = F.send("/resolve", method: "PUT").response
        #expect(put.status == 405)
        #expect(put.headers["Allow"] == "GET, HEAD, POST")
        #expect(put.json()?["error"] as? String == "method not allowed; use GET, HEAD, POST")
        #expect(F.send("/link", method: "POST").response.headers["Allow"] == "GET, HEAD")
        let health = F.send("/healthz", method: "POST").response
        #expect(health.status == 405)
        #expect(health.headers["Content-Type"] == "application/json; charset=utf-8")
    }

    @Test("/readyz answers 200 while serving and 503 once draining, when /healthz still answers 200")
    func readiness() {
        let ready = F.send("/readyz").response
        #expect(ready.status == 200)
        #expect(ready.text == "{\"status\":\"ready\"}\n")
        #expect(ready.headers["Cache-Control"] == "no-store")
        let draining = SiteHandler(site: F.site, metrics: ServerMetrics(), isDraining: true)
        let unready = F.send("/readyz", handler: draining).response
        #expect(unready.status == 503)
        #expect(unready.text == "{\"status\":\"draining\"}\n")
        #expect(F.send("/healthz", handler: draining).response.status == 200)
        #expect(F.send("/readyz", method: "POST").response.headers["Allow"] == "GET, HEAD")
    }

    @Test("health and Prometheus metrics")
    func operations() {
        let health = F.send("/healthz").response
        #expect(health.status == 200)
        #expect(health.json()?["status"] as? String == "ok")
        let handler = SiteHandler(site: F.site, metrics: ServerMetrics())
        handler.metrics.record(endpoint: .resolve, status: 200, nanoseconds: 120_000, outcomes: ["noRoute", "matched"])
        let metrics = F.send("/metrics", handler: handler).response
        #expect(metrics.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
        #expect(metrics.text.contains(#"deeplinkd_requests_total{endpoint="resolve",status="200"} 1"#))
        #expect(metrics.text.contains(#"deeplinkd_resolve_outcomes_total{outcome="noRoute"} 1"#))
        #expect(metrics.text.contains("deeplinkd_request_duration_seconds_bucket{endpoint=\"resolve\",le=\"0.00025\"} 1"))
    }
}
