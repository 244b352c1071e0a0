import Foundation
import FoundationXML
import Testing

@testable import deeplinkd

@Suite("deeplinkd qr --csv: a code per row and a printable sheet", .hangLimit)
struct QRBatchTests {
    /// Quoted fields, an empty optional value, a refused value on row 3, a duplicate id on row 5, a row with one
    /// field too many on row 6, and an id that needs escaping in HTML.
    static let csv = """
        name,bay
        CH-1,7
        "Gare de l'Est, quai 3 é",
        bad/name,1
        "A&B <""1"">",12
        CH-1,8
        CH-9,1,extra
        CH-2,

        """

    @Test("rows the table accepts are written and decode to their links; the others are reported by line, row and column", arguments: ["png", "svg"])
    func batch(format: String) throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        try Self.csv.write(toFile: fixture.path("stickers.csv"), atomically: true, encoding: .utf8)
        let output = fixture.path("out")
        let result = try fixture.qr(["station", "--csv", fixture.path("stickers.csv"), "--output-dir", output, "--format", format, "--size", "300"])
        let csv = fixture.path("stickers.csv")
        #expect(result.status == 1)
        #expect(
            result.error == """
                \(csv):4: row 3, column 'name': route 'station': parameter 'name' contains a forbidden character U+002F '/'
                \(csv):6: row 5, column 'name': CH-1.\(format) is already written for row 1
                \(csv):7: row 6: 3 fields, but the header has 2

                """)
        #expect(result.output == "\(output): 4 \(format.uppercased()) codes and sheet.html (3 of 7 rows not written: rows 3, 5, 6)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(files == ["CH-1.\(format)", "CH-2.\(format)", "row-2.\(format)", "row-4.\(format)", "sheet.html"])
        let expected = [
            "CH-1": ["station", "name=CH-1", "bay=7"], "row-2": ["station", "name=Gare de l'Est, quai 3 é"],
            "row-4": ["station", "name=A&B <\"1\">", "bay=12"], "CH-2": ["station", "name=CH-2"],
        ]
        for (stem, intent) in expected {
            let link = try fixture.link(intent)
            #expect(try QRDecoder.decode("\(output)/\(stem).\(format)") == link)
        }
        #expect(try QRDecoder.decode("\(output)/row-4.\(format)") == "https://go.example.com/s/A%26B%20%3C%221%22%3E?bay=12")
    }

    @Test("the sheet is well-formed XHTML, one code per written row with its id escaped under it")
    func sheet() throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        try Self.csv.write(toFile: fixture.path("stickers.csv"), atomically: true, encoding: .utf8)
        let output = fixture.path("out")
        _ = try fixture.qr(["station", "--csv", fixture.path("stickers.csv"), "--output-dir", output, "--sheet", "letter"])
        let html = try String(contentsOfFile: output + "/sheet.html", encoding: .utf8)
        #expect(html.contains("<figcaption>A&amp;B &lt;&quot;1&quot;&gt;</figcaption>"))
        #expect(html.contains("@page { size: letter; margin: 10mm; }"))
        #expect(html.contains("<title>station: 4 codes</title>"))
        let figures = Figures()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = figures
        #expect(parser.parse())
        #expect(figures.captions == ["CH-1", "Gare de l'Est, quai 3 é", "A&B <\"1\">", "CH-2"])
        #expect(figures.sources == ["CH-1.svg", "row-2.svg", "row-4.svg", "CH-2.svg"])
        for source in figures.sources { #expect(FileManager.default.fileExists(atPath: "\(output)/\(source)")) }
    }

    @Test(
        "a header that does not fit the route, or a file that cannot be read, writes nothing and lists every problem",
        arguments: [
            (
                "name,gate,name\n",
                [
                    "stickers.csv:1: column 'gate' is not a parameter of route 'station' (parameters: name, bay)",
                    "stickers.csv:1: column 'name' appears twice",
                ]
            ),
            ("bay\n1\n", ["stickers.csv:1: no column for parameter 'name', which route 'station' requires"]),
            ("name\n\"CH-1\n", ["stickers.csv:2: a quoted field is not closed before the end of the file"]),
            ("", ["stickers.csv: the file is empty: the first line must name the parameters"]),
        ])
    func header(text: String, errors: [String]) throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        try text.write(toFile: fixture.path("stickers.csv"), atomically: true, encoding: .utf8)
        let result = try fixture.qr(["station", "--csv", fixture.path("stickers.csv"), "--output-dir", fixture.path("out")])
        #expect(result.status == 1)
        #expect(result.error == errors.map { fixture.directory + "/" + $0 + "\n" }.joined())
        #expect(!FileManager.default.fileExists(atPath: fixture.path("out")))
    }

    @Test("a secret route is refused before the file is read, and a missing file is named")
    func refusedBeforeReading() throws {
        let fixture = try QRFixture()
        defer { fixture.remove() }
        let secret = try fixture.qr(["pass", "--csv", fixture.path("tokens.csv"), "--output-dir", fixture.path("out")])
        #expect(secret.status == 1)
        #expect(secret.error == "deeplinkd: route 'pass' is secret: its links carry sign-in tokens, and a token never becomes an image\n")
        let missing = try fixture.qr(["station", "--csv", fixture.path("none.csv"), "--output-dir", fixture.path("out")])
        #expect(missing.error == "deeplinkd: cannot read \(fixture.path("none.csv")): no such file\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("out")))
    }

    /// The captions and image sources of a sheet, read by an XML parser.
    final class Figures: NSObject, XMLParserDelegate {
        var captions: [String] = []
        var sources: [String] = []
        private var caption: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "figcaption" { caption = "" }
            if name == "img" { sources.append(attributes["src"] ?? "") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { caption? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "figcaption", let text = caption { captions.append(text) }
            caption = nil
        }
    }
}
