import Foundation
import Testing

/// A copy of `Public` in a temporary directory, whose templates a test edits.
struct PublicCopy {
    let root: URL
    /// The copy's path, for `--public`.
    var path: String { root.appendingPathComponent("Public").path }
    /// The path of template `name`, as deeplinkd names it.
    func file(_ name: String) -> String { "\(path)/templates/\(name).mustache" }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-public-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Deeplinkd.root.appendingPathComponent("Public"), to: root.appendingPathComponent("Public"))
    }

    /// Template `name`'s text.
    func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    /// Replaces template `name` with `text`.
    func write(_ name: String, _ text: String) throws { try text.write(toFile: file(name), atomically: true, encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Template sets that crashed the server (a template including itself, thousands of nested sections) are refused
/// by `serve`, by SIGHUP and by `check --public`, with the file and line at fault.
@Suite("Templates that would crash the server")
struct TemplateServeTests {
    /// Edits of the shipped templates, and the problem `serve`, SIGHUP and `check` report for each.
    static let breakages: [(edits: [String: @Sendable (String) -> String], problem: String)] = [
        (["charger": { $0 + "{{>charger}}\n" }], "charger.mustache:30: partial 'charger' includes itself: charger → charger"),
        (
            ["charger": { $0 + "{{>qrSignIn}}\n" }, "qrSignIn": { $0 + "{{>charger}}\n" }],
            "charger.mustache:30: partial 'charger' includes itself: charger → qrSignIn → charger"
        ),
        (["layout": { $0 + "{{>charger}}\n" }], "charger.mustache:1: partial 'charger' includes itself: charger → layout → charger"),
        (
            ["deep": { _ in String(repeating: "{{#a}}", count: 3000) + String(repeating: "{{/a}}", count: 3000) }],
            "deep.mustache:1: sections nest more than 64 deep"
        ),
    ]

    /// A copy of `Public` with the edits of `breakage` made.
    static func broken(_ edits: [String: @Sendable (String) -> String]) throws -> PublicCopy {
        let copy = try PublicCopy()
        for (name, edit) in edits { try copy.write(name, edit((try? copy.read(name)) ?? "")) }
        return copy
    }

    @Test("serve refuses a template set that would crash it: the problem on stderr and exit status 1", arguments: breakages.indices)
    func serveRefuses(breakage: Int) throws {
        let copy = try Self.broken(Self.breakages[breakage].edits)
        defer { copy.remove() }
        let process = Process()
        process.executableURL = Deeplinkd.binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--public", copy.path]
        process.currentDirectoryURL = Deeplinkd.root
        process.environment = Deeplinkd.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(error == "deeplinkd: \(copy.path)/templates/\(Self.breakages[breakage].problem)\n")
    }

    @Test("SIGHUP refuses a template set that would crash the server, logs why, and the old pages keep being served")
    func reloadRefuses() throws {
        let copy = try PublicCopy()
        defer { copy.remove() }
        let shipped = try copy.read("charger")
        let server = try ServerProcess(arguments: ["--public", copy.path])
        defer { server.stopCleanly() }
        let page = "http://127.0.0.1:\(server.port)/c/1234"
        #expect(try Curl.request(page).body.contains("<h1>Charger <span class=\"value\">1234</span></h1>"))

        for (number, breakage) in Self.breakages.enumerated() {
            let broken = try Self.broken(breakage.edits)
            defer { broken.remove() }
            for name in breakage.edits.keys { try copy.write(name, try broken.read(name)) }
            server.signal(SIGHUP)
            let refusals = number + 1
            #expect(server.waitFor(count: refusals, of: "reload rejected"))
            #expect(server.output.contains(breakage.problem), "\(server.output.suffix(1500))")
            let response = try Curl.request(page)
            #expect(response.status == 200)
            #expect(response.body.contains("<h1>Charger <span class=\"value\">1234</span></h1>"))
            for name in breakage.edits.keys {
                if name == "deep" { try FileManager.default.removeItem(atPath: copy.file(name)) } else { try copy.write(name, try PublicCopy.shipped(name)) }
            }
        }
        try copy.write("charger", shipped.replacingOccurrences(of: "<h1>Charger ", with: "<h1>Charge point "))
        server.signal(SIGHUP)
        #expect(server.waitForLog("\"message\":\"reloaded\""))
        #expect(try Curl.request(page).body.contains("<h1>Charge point <span class=\"value\">1234</span></h1>"))
    }

    @Test("check --public prints each template problem as FILE:LINE: message and exits 1; the shipped set passes")
    func check() throws {
        let good = try Deeplinkd.run(["check", "--public", "Public"])
        #expect(good.status == 0)
        #expect(good.output == "config/deeplinkd.yaml: OK (5 routes, 1 domain, 1 scheme)\nPublic/templates: OK\n")
        let copy = try Self.broken(["charger": { $0 + "{{>charger}}\n" }, "magicLink": { $0 + "{{>nope}}\n" }])
        defer { copy.remove() }
        let result = try Deeplinkd.run(["check", "--public", copy.path])
        #expect(result.status == 1)
        #expect(
            result.error.split(separator: "\n").map(String.init) == [
                "\(copy.file("magicLink")):26: partial 'nope' does not exist: there is no \(copy.path)/templates/nope.mustache",
                "\(copy.file("charger")):30: partial 'charger' includes itself: charger → charger",
            ])
    }
}

extension PublicCopy {
    /// The shipped text of template `name`.
    static func shipped(_ name: String) throws -> String {
        try String(contentsOf: Deeplinkd.root.appendingPathComponent("Public/templates/\(name).mustache"), encoding: .utf8)
    }
}

extension ServerProcess {
    /// Waits until `text` appears `count` times in the log.
    func waitFor(count: Int, of text: String, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output.components(separatedBy: text).count - 1 >= count { return true }
            usleep(20_000)
        }
        return false
    }
}
