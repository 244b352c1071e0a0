import Foundation
import Testing

@testable import deeplinkd

@Suite("deeplinkd qr: one code", .hangLimit)
struct QRCommandTests {
    static let station = ["station", "name=Gare de l'Est, quai 3 é", "bay=7"]
    static let stationLink = "https://go.example.com/s/Gare%20de%20l%27Est%2C%20quai%203%20%C3%A9?bay=7"

    @Test(
        "the code holds the link `link` builds, percent-encoded, at every error correction level and in both formats", arguments: ["L", "M", "Q", "H"],
        ["png", "svg"])
    func decodes(ecc: String, format: String) throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        #expect(try fixture.link(Self.station) == Self.stationLink)
        let file = fixture.path("code.\(format)")
        let result = try fixture.qr(Self.station + ["--ecc", ecc, "--output", file])
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(result.output.hasPrefix("\(file): \(Self.stationLink) (version "))
        #expect(result.output.hasSuffix(" modules, error correction \(ecc))\n"))
        #expect(try QRDecoder.decode(file) == Self.stationLink)
    }

    @Test("higher error correction makes a larger code of the same link")
    func eccGrows() throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        let versions = try ["L", "H"].map { ecc in
            let output = try fixture.qr(Self.station + ["--ecc", ecc, "--output", fixture.path("\(ecc).svg")]).output
            return Int(output.split(separator: "(version ").last?.prefix { $0.isNumber } ?? "") ?? 0
        }
        #expect(versions[0] > 0 && versions[1] > versions[0])
    }

    @Test(
        "the PNG is --size pixels square and decodes with any margin",
        arguments: [(64, 4), (200, 1), (512, 4), (999, 10), (300, 0)])
    func sizes(size: Int, margin: Int) throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        let file = fixture.path("code.png")
        let result = try fixture.qr(["station", "name=CH-42", "--size", "\(size)", "--margin", "\(margin)", "--output", file])
        #expect(result.status == 0)
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let header = png[16..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(header == size << 32 | size)
        #expect(try QRDecoder.decode(file) == "https://go.example.com/s/CH-42")
    }

    @Test("without --output the SVG goes to standard output, with --format png the PNG")
    func standardOutput() throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        let svg = try fixture.qr(["station", "name=CH-42", "--size", "200"])
        #expect(svg.status == 0)
        #expect(svg.output.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 "#))
        #expect(svg.output.hasSuffix("\"/></svg>\n"))
        let png = try fixture.qr(["station", "name=CH-42", "--format", "png"])
        #expect(png.output.hasPrefix("\u{FFFD}PNG\r\n"))
    }

    @Test(
        "a secret route, a value the table refuses or an image too small makes no code, and says why",
        arguments: [
            (["pass", "token=abcdefgh"], "deeplinkd: route 'pass' is secret: its links carry sign-in tokens, and a token never becomes an image\n"),
            (["station", "name=a/b"], "deeplinkd: route 'station': parameter 'name' contains a forbidden character U+002F '/'\n"),
            (["station", "name=ö"], "deeplinkd: route 'station': parameter 'name' contains a forbidden character U+00F6 'ö'\n"),
            (["station", "name=x", "bay=1234"], "deeplinkd: route 'station': parameter 'bay' is longer than 3 characters\n"),
            (["station"], "deeplinkd: route 'station': parameter 'name' is missing\n"),
            (["station", "name=x", "gate=2"], "deeplinkd: route 'station' has no parameter 'gate' (parameters: name, bay)\n"),
            (["nope"], "deeplinkd: unknown route 'nope' (routes: station, pass, appOnly)\n"),
            (["appOnly", "id=1"], "deeplinkd: route 'appOnly' has no Universal Link (its scopes: app), so there is nothing to encode\n"),
            (
                ["station", "name=x", "--size", "20"],
                "deeplinkd: a 20 px image is too small for this code: it needs at least 33 px (25 modules and a margin of 4 on each side)\n"
            ),
            (["station", "name"], "deeplinkd: 'name' is not NAME=VALUE\n"),
        ])
    func refused(arguments: [String], error: String) throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        let file = fixture.path("code.png")
        let result = try fixture.qr(arguments + ["--output", file])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error == error)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test(
        "options out of range or in the wrong form are usage errors",
        arguments: [
            (["station", "name=x", "--size", "0"], "Error: --size must be from 1 to 10000 pixels"),
            (["station", "name=x", "--margin", "65"], "Error: --margin must be from 0 to 64 modules"),
            (["station", "name=x", "--output-dir", "out"], "Error: --output-dir and --sheet go with --csv"),
            (["station", "name=x", "--csv", "a.csv", "--output-dir", "out"], "Error: with --csv the values come from the file: give no NAME=VALUE"),
            (["station", "--csv", "a.csv"], "Error: --csv needs --output-dir DIR"),
            // Two mistakes: the image's size is checked before the --csv rules.
            (["station", "name=x", "--csv", "a.csv", "--size", "0"], "Error: --size must be from 1 to 10000 pixels"),
        ])
    func usage(arguments: [String], error: String) throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        let result = try fixture.qr(arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix(error + "\n"))
    }
}
