import Foundation
import JSONLinesLog
import Logging
import Synchronization

@testable import DeepLinkServer

/// A copy of the default config and Public directory in a temporary directory of its own (`deeplinkd.yaml` beside
/// `Public/`), served by a server whose log the test reads; `remove()` stops the server and deletes the directory.
final class WatchedSiteFixture: Sendable {
    let root: String
    let server: DeepLinkServer
    /// The server's log lines, in order.
    let lines = LogLines()

    var configPath: String { root + "/deeplinkd.yaml" }
    var publicDirectory: String { root + "/Public" }

    /// The default config's text.
    static let original: String = (try? String(contentsOfFile: SiteFixture.configPath, encoding: .utf8)) ?? ""
    /// The default config with one more route, `watched` (`w/$(id)`), at its end.
    static let extended =
        original + "  - name: watched\n    path: w/$(id)\n    params:\n      id: {charset: \"a-z\", min: 1, max: 8}\n    notification: watchedRequested\n"

    init(named name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-\(name)-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SiteFixture.publicDirectory, toPath: root + "/Public")
        try Self.original.write(toFile: root + "/deeplinkd.yaml", atomically: true, encoding: .utf8)
        let handler = JSONLinesLogHandler(label: "deeplinkd-test", output: .sink { [lines] line in lines.append(line) })
        var logger = Logger(label: "deeplinkd-test") { _ in handler }
        logger.logLevel = .info
        server = try DeepLinkServer(configPath: root + "/deeplinkd.yaml", publicDirectory: root + "/Public", logger: logger, accessLog: .sink { _ in })
    }

    /// The log lines whose message is `message`.
    func logged(_ message: String) -> [String] {
        lines.all.filter { $0.contains(#""message":"\#(message)""#) }
    }

    /// Writes `text` into the file at `path` in place (truncated, then written through one descriptor) in `pieces`
    /// parts with a pause of at least `pause` between them, the descriptor open all along, as `(cat head; sleep 3;
    /// cat tail) > file`; the first pause also lasts until `isNoticed()` (or the test is cancelled), so the watcher has
    /// seen the unfinished file whatever the machine's load. `between` runs during each pause.
    static func writeSlowly(
        _ text: String, to path: String, pieces: Int, pause: Duration, isNoticed: () -> Bool = { true }, between: () -> Void
    ) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        let bytes = Array(text.utf8)
        let size = (bytes.count + pieces - 1) / pieces
        for start in stride(from: 0, to: bytes.count, by: size) {
            try handle.write(contentsOf: bytes[start..<min(bytes.count, start + size)])
            guard start + size < bytes.count else { continue }
            let end = ContinuousClock.now + pause
            while ContinuousClock.now < end || (start == 0 && !isNoticed() && !Task.isCancelled) {
                between()
                usleep(10_000)
            }
        }
    }

    /// Polls `condition` until it holds, which is the signal waited for (a reload seen, a line logged): true then,
    /// false only when the test was cancelled first (its suite's time limit), never after a fixed time that a loaded
    /// machine could miss.
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        while !condition() {
            if Task.isCancelled { return false }
            usleep(10_000)
        }
        return true
    }

    func remove() {
        server.stop(drainDeadline: .zero)
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// Log lines collected from any thread.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}
