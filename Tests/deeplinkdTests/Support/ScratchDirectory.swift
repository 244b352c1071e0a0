import Foundation

@testable import deeplinkd

/// A temporary directory of one test's own, for the tables and files it writes; `remove()` deletes it.
struct ScratchDirectory {
    let url: URL
    /// The directory's path.
    var path: String { url.path }

    /// A new directory whose name says what it is for.
    init(_ purpose: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` in the directory and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The repository's default table, `config/deeplinkd.yaml`, which the tests vary.
enum DefaultTable {
    /// Its text.
    static func text() throws -> String {
        try String(contentsOf: Deeplinkd.root.appendingPathComponent("config/deeplinkd.yaml"), encoding: .utf8)
    }

    /// The number of the first line of `table` that holds `text`, counting from 1.
    static func line(of text: String, in table: String) -> Int {
        (table.components(separatedBy: "\n").firstIndex { $0.contains(text) } ?? -1) + 1
    }
}
