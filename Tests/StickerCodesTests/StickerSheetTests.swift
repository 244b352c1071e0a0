import Foundation
import FoundationXML
import Testing

@testable import StickerCodes

@Suite("The printable sticker sheet")
struct StickerSheetTests {
    /// The elements of a well-formed XML document, by name, with their text; nil when it is not well-formed.
    final class Elements: NSObject, XMLParserDelegate {
        var names: [String] = []
        var captions: [String] = []
        var sources: [String] = []
        private var caption: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            names.append(name)
            if name == "figcaption" { caption = "" }
            if name == "img" { sources.append(attributes["src"] ?? "") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { caption? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "figcaption", let text = caption { captions.append(text) }
            caption = nil
        }

        static func of(_ text: String) -> Elements? {
            let elements = Elements()
            let parser = XMLParser(data: Data(text.utf8))
            parser.delegate = elements
            return parser.parse() ? elements : nil
        }
    }

    @Test("ids, file names and links are escaped, and the sheet is well-formed XML with one figure per code")
    func escaped() throws {
        let stickers = [
            StickerSheet.Sticker(label: "<b>A&B</b>", file: "row-1.svg", link: "https://go.example/s/%3Cb%3E?x=1&y=\"2\""),
            StickerSheet.Sticker(label: "l'Est \"3\"\u{1}", file: "a&b.svg", link: "https://go.example/s/x"),
        ]
        let html = StickerSheet(title: "station <1>", paper: .letter, stickers: stickers).html
        #expect(html.contains("<figcaption>&lt;b&gt;A&amp;B&lt;/b&gt;</figcaption>"))
        #expect(html.contains(#"<img src="a&amp;b.svg" alt="https://go.example/s/x"/>"#))
        #expect(html.contains(#"alt="https://go.example/s/%3Cb%3E?x=1&amp;y=&quot;2&quot;""#))
        #expect(html.contains("<title>station &lt;1&gt;</title>"))
        #expect(html.contains("@page { size: letter; margin: 10mm; }"))
        let elements = try #require(Elements.of(html))
        #expect(elements.captions == ["<b>A&B</b>", "l'Est \"3\"\u{FFFD}"])
        #expect(elements.sources == ["row-1.svg", "a&b.svg"])
    }

    @Test("20 codes fill a sheet of paper; the 21st starts the next", arguments: [(0, 0), (1, 1), (20, 1), (21, 2), (45, 3)])
    func pages(count: Int, sheets: Int) throws {
        let stickers = (0..<count).map { StickerSheet.Sticker(label: "CH-\($0)", file: "CH-\($0).png", link: "https://a.example/c/CH-\($0)") }
        let elements = try #require(Elements.of(StickerSheet(title: "charger", paper: .a4, stickers: stickers).html))
        #expect(elements.names.filter { $0 == "section" }.count == sheets)
        #expect(elements.names.filter { $0 == "figure" }.count == count)
        #expect(elements.captions == stickers.map(\.label))
    }
}
