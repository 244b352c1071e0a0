import Foundation
import Glibc
import Testing

@testable import JSONLinesLog

@Suite("The log sink never makes a logger wait")
struct LogSinkTests {
    /// A pipe whose write end a sink writes to; the test reads the other end.
    final class TestPipe {
        let reader: Int32
        let writer: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            (reader, writer) = (ends[0], ends[1])
            _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(reader)
            close(writer)
        }

        /// What the pipe holds now.
        func readAvailable() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes += buffer[..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test("a line that finds its lane full is dropped and counted; once the rest is written, one line says how many")
    func dropsAreCounted() throws {
        let pipe = try TestPipe()
        let sink = LogSink(descriptor: pipe.writer, laneCapacity: 100, isFlushedInBackground: false)
        let lane = sink.makeLane()
        for number in 0..<10 {
            sink.append(to: lane) { $0 += "line \(number) \(String(repeating: "x", count: 22))".utf8 }
        }
        // 30 bytes a line: the fourth starts at 90 bytes, under 100, so it is queued; the others find the lane full.
        #expect(sink.droppedLineCount == 6)
        sink.flush(timeout: .seconds(1))
        let lines = pipe.readAvailable().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6, "four lines, the report, then the end of the text: \(lines)")
        #expect(lines.prefix(4).map { String($0.prefix(6)) } == ["line 0", "line 1", "line 2", "line 3"])
        let report = try #require(lines.dropFirst(4).first)
        #expect(report.hasPrefix(#"{"time":""#))
        #expect(
            report.hasSuffix(
                #"","level":"warning","label":"deeplinkd","message":"log lines dropped: the log output was not read fast enough","dropped":"6"}"#))
        // Nothing more dropped: no second report.
        sink.append(to: lane) { $0 += "after".utf8 }
        sink.flush(timeout: .seconds(1))
        #expect(pipe.readAvailable() == "after\n")
        #expect(sink.droppedLineCount == 6)
    }

    @Test("a reader that does not read holds a flush up no longer than its timeout, and no line is ever cut")
    func stalledReader() throws {
        let pipe = try TestPipe()
        let sink = LogSink(descriptor: pipe.writer, isFlushedInBackground: false)
        let line = String(repeating: "y", count: 99)
        // 400 KB: far more than the pipe holds (64 KiB).
        for number in 0..<4000 { sink.write(String(format: "%05d", number) + line) }
        for _ in 0..<3 {
            let started = Date()
            sink.flush(timeout: .milliseconds(200))
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= 0.2 && elapsed < 2, "\(elapsed) s")
        }
        // The reader comes back: everything arrives, whole and in order, with nothing dropped.
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while text.utf8.count < 4000 * 105, Date() < deadline {
            text += pipe.readAvailable()
            sink.flush(timeout: .milliseconds(10))
        }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4000)
        #expect(lines.enumerated().allSatisfy { $1 == String(format: "%05d", $0) + line })
        #expect(sink.droppedLineCount == 0)
    }

    @Test("a removed lane's lines are still written, after the shared lane's")
    func removedLane() throws {
        let pipe = try TestPipe()
        let sink = LogSink(descriptor: pipe.writer, isFlushedInBackground: false)
        let lane = sink.makeLane()
        sink.append(to: lane) { $0 += "from the lane".utf8 }
        sink.write("shared")
        sink.remove(lane)
        sink.flush(timeout: .seconds(1))
        #expect(pipe.readAvailable() == "shared\nfrom the lane\n")
    }
}

extension LogSink {
    /// Queues one line (a newline is added), as the log handler does.
    func write(_ line: String) {
        append { $0 += line.utf8 }
    }
}
