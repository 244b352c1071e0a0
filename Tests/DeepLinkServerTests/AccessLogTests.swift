import Foundation
import JSONLinesLog
import Synchronization
import Testing

@testable import DeepLinkServer

@Suite("The access log line")
struct AccessLogTests {
    final class Lines: Sendable {
        private let storage = Mutex<[String]>([])
        func append(_ line: String) { storage.withLock { $0.append(line) } }
        var all: [String] { storage.withLock { $0 } }
    }

    @Test("the format of the structured log, fields in key order, bytes, duration and status as JSON numbers")
    func format() throws {
        let lines = Lines()
        let log = AccessLog(label: "deeplinkd", output: .sink { lines.append($0) }, isEnabled: true)
        log.record(
            AccessLogEntry(
                method: "GET", path: "/c/\"<x>\"", status: 404, bytes: 1_234, nanoseconds: 2_345_000, endpoint: .notFound,
                remote: "127.0.0.1"))
        let line = try #require(lines.all.first)
        #expect(line.hasPrefix(#"{"time":""#))
        #expect(
            line.hasSuffix(
                #""level":"info","label":"deeplinkd","message":"request","bytes":1234,"duration_ms":2.345,"endpoint":"not_found","method":"GET","path":"/c/\"<x>\"","remote":"127.0.0.1","status":404}"#
            ))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "/c/\"<x>\"")
        #expect(object["status"] as? Int == 404)
        #expect(object["bytes"] as? Int == 1_234)
        #expect(object["duration_ms"] as? Double == 2.345)
        #expect(try #require(object["time"] as? String).wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil)
    }

    @Test(
        "durations keep microseconds",
        arguments: [(0, "0.000"), (999, "0.000"), (7_000, "0.007"), (3_000_000_000, "3000.000"), (-5, "0.000")])
    func duration(nanoseconds: Int, text: String) throws {
        let lines = Lines()
        let log = AccessLog(label: "deeplinkd", output: .sink { lines.append($0) }, isEnabled: true)
        log.record(AccessLogEntry(method: "GET", path: "/", status: 200, bytes: 0, nanoseconds: nanoseconds, endpoint: .health, remote: ""))
        #expect(try #require(lines.all.first).contains(#""duration_ms":\#(text),"#))
    }

    @Test(
        "every method, endpoint and label is written as JSON, the label and method escaped",
        arguments: [
            ("GET", Endpoint.landing, "deeplinkd"), ("HEAD", .associationFile, "deeplinkd"), ("POST", .resolve, #"a "quoted"\label"#),
            ("GETX", .notFound, "é"), ("-", .refused, ""),
        ])
    func methodsEndpointsAndLabels(method: String, endpoint: Endpoint, label: String) throws {
        let lines = Lines()
        let log = AccessLog(label: label, output: .sink { lines.append($0) }, isEnabled: true)
        log.record(AccessLogEntry(method: method, path: "/x", status: 200, bytes: 5, nanoseconds: 1_000, endpoint: endpoint, remote: "::1"))
        let line = try #require(lines.all.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["method"] as? String == method)
        #expect(object["endpoint"] as? String == endpoint.rawValue)
        #expect(object["label"] as? String == label)
        #expect(object["level"] as? String == "info" && object["message"] as? String == "request")
        #expect(object["remote"] as? String == "::1" && object["path"] as? String == "/x")
        // Keys in order, as every other log line has them.
        let keys = ["time", "level", "label", "message", "bytes", "duration_ms", "endpoint", "method", "path", "remote", "status"]
        let positions = keys.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
    }

    @Test("nothing is written when the logger's level is above info")
    func disabled() {
        let lines = Lines()
        let log = AccessLog(label: "deeplinkd", output: .sink { lines.append($0) }, isEnabled: false)
        log.record(AccessLogEntry(method: "GET", path: "/", status: 200, bytes: 0, nanoseconds: 0, endpoint: .health, remote: ""))
        #expect(lines.all.isEmpty)
    }
}
