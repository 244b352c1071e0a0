import DeepLinkServer
import Foundation
import HTTPTestSupport
import Testing

@testable import deeplinkd

/// A copy of `Public` in a temporary directory, whose templates a test edits.
struct PublicCopy {
    let scratch: ScratchDirectory
    /// The copy's path, for `--public`.
    var path: String { scratch.path("Public") }
    /// The path of template `name`, as deeplinkd names it.
    func file(_ name: String) -> String { "\(path)/templates/\(name).mustache" }

    init() throws {
        scratch = try ScratchDirectory("public")
        try FileManager.default.copyItem(atPath: Deeplinkd.root.appendingPathComponent("Public").path, toPath: path)
    }

    /// Template `name`'s text.
    func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    /// Replaces template `name` with `text`.
    func write(_ name: String, _ text: String) throws { try text.write(toFile: file(name), atomically: true, encoding: .utf8) }

    func remove() { scratch.remove() }
}

/// Template sets that crashed the server (a template including itself, thousands of nested sections) are refused
/// by the server `serve` builds, by a reload and by `check --public`, with the file and line at fault.
@Suite("Templates that would crash the server", .hangLimit)
struct TemplateRefusalTests {
    /// Edits of the shipped templates, and the problem `serve`, SIGHUP and `check` report for each.
    static let breakages: [(edits: [String: @Sendable (String) -> String], problem: String)] = [
        (["charger": { $0 + "{{>charger}}\n" }], "charger.mustache:38: partial 'charger' includes itself: charger → charger"),
        (
            ["charger": { $0 + "{{>qrSignIn}}\n" }, "qrSignIn": { $0 + "{{>charger}}\n" }],
            "charger.mustache:38: partial 'charger' includes itself: charger → qrSignIn → charger"
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

    @Test("the server serve builds refuses a template set that would crash it, naming the file and line", arguments: breakages.indices)
    func serveRefuses(breakage: Int) throws {
        let copy = try Self.broken(Self.breakages[breakage].edits)
        defer { copy.remove() }
        let error = #expect(throws: (any Error).self) { try LiveServer(["--public", copy.path]) }
        #expect(error.map { "\($0)" } == "\(copy.path)/templates/\(Self.breakages[breakage].problem)")
    }

    @Test("a reload refuses a template set that would crash the server, logs why, and the old pages keep being served")
    func reloadRefuses() throws {
        let copy = try PublicCopy()
        defer { copy.remove() }
        let shipped = try copy.read("charger")
        let server = try LiveServer(["--public", copy.path])
        defer { server.stop() }
        #expect(try server.request("/c/1234").text.contains("<h1>Charger <span class=\"value\">1234</span></h1>"))

        for breakage in Self.breakages {
            let broken = try Self.broken(breakage.edits)
            defer { broken.remove() }
            for name in breakage.edits.keys { try copy.write(name, try broken.read(name)) }
            #expect(!server.server.reload())
            #expect(server.output.contains(breakage.problem), "\(server.output.suffix(1500))")
            let response = try server.request("/c/1234")
            #expect(response.status == 200)
            #expect(response.text.contains("<h1>Charger <span class=\"value\">1234</span></h1>"))
            for name in breakage.edits.keys {
                if name == "deep" { try FileManager.default.removeItem(atPath: copy.file(name)) } else { try copy.write(name, try PublicCopy.shipped(name)) }
            }
        }
        #expect(server.output.components(separatedBy: "reload rejected; still serving the previous config").count - 1 == Self.breakages.count)
        try copy.write("charger", shipped.replacingOccurrences(of: "<h1>Charger ", with: "<h1>Charge point "))
        #expect(server.server.reload())
        #expect(server.output.contains(#""message":"reloaded""#))
        #expect(try server.request("/c/1234").text.contains("<h1>Charge point <span class=\"value\">1234</span></h1>"))
    }

    @Test("check --public prints each template problem as FILE:LINE: message and exits 1; the shipped set passes")
    func check() throws {
        let good = try Deeplinkd.run(["check", "--public", "Public"])
        #expect(good.status == 0)
        #expect(good.output == "config/deeplinkd.yaml: OK (5 routes, 2 domains, 1 scheme)\nPublic/templates: OK\n")
        let copy = try Self.broken(["charger": { $0 + "{{>charger}}\n" }, "magicLink": { $0 + "{{>nope}}\n" }])
        defer { copy.remove() }
        let result = try Deeplinkd.run(["check", "--public", copy.path])
        #expect(result.status == 1)
        #expect(
            result.error.split(separator: "\n").map(String.init) == [
                "\(copy.file("magicLink")):28: partial 'nope' does not exist: there is no \(copy.path)/templates/nope.mustache",
                "\(copy.file("charger")):38: partial 'charger' includes itself: charger → charger",
            ])
    }
}

extension PublicCopy {
    /// The shipped text of template `name`.
    static func shipped(_ name: String) throws -> String {
        try String(contentsOf: Deeplinkd.root.appendingPathComponent("Public/templates/\(name).mustache"), encoding: .utf8)
    }
}
