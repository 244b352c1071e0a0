import Foundation
import Logging
import Synchronization
import Testing

@testable import JSONLinesLog

@Suite("The structured log format")
struct JSONLinesLogHandlerTests {
    final class Lines: Sendable {
        private let storage = Mutex<[String]>([])
        func append(_ line: String) { storage.withLock { $0.append(line) } }
        var all: [String] { storage.withLock { $0 } }
    }

    @Test("one JSON object per line: time, level, label, message, then metadata as strings in key order")
    func format() throws {
        let lines = Lines()
        var handler = JSONLinesLogHandler(label: "deeplinkd", output: .sink { lines.append($0) })
        handler[metadataKey: "instance"] = "a"
        let logger = Logger(label: "deeplinkd") { _ in handler }
        logger.info("request", metadata: ["status": "200", "path": "/c/\"<x>\"", "bytes": "12"])
        let line = try #require(lines.all.first)
        #expect(lines.all.count == 1 && !line.contains("\n"))
        #expect(line.hasPrefix(#"{"time":""#))
        #expect(
            line.contains(#""level":"info","label":"deeplinkd","message":"request","bytes":"12","instance":"a","path":"/c/\"<x>\"","status":"200"}"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        let time = try #require(object["time"])
        #expect(time.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil, "\(time)")
        #expect(object["path"] == "/c/\"<x>\"")
    }

    @Test("a value given as a number is a JSON number; a number in a string stays a string")
    func numbers() throws {
        let lines = Lines()
        let handler = JSONLinesLogHandler(label: "deeplinkd", output: .sink { lines.append($0) })
        let logger = Logger(label: "deeplinkd") { _ in handler }
        logger.info("reloaded", metadata: ["routes": .stringConvertible(4), "config": "4", "ratio": .stringConvertible(0.5)])
        #expect(try #require(lines.all.first).hasSuffix(#""message":"reloaded","config":"4","ratio":"0.5","routes":4}"#))
    }
}
