/// A printable HTML page of sticker codes: a grid of 4 × 5 per sheet of paper, each code 40 mm square with its id
/// printed under it. It is well-formed XML too (XHTML syntax), and every id, file name and link in it is escaped.
package struct StickerSheet: Sendable {
    /// One code on the sheet.
    package struct Sticker: Sendable, Equatable {
        /// The text printed under the code.
        package let label: String
        /// The image's file name, relative to the sheet.
        package let file: String
        /// The encoded link, as the image's alternative text.
        package let link: String

        /// A sticker.
        package init(label: String, file: String, link: String) {
            self.label = label
            self.file = file
            self.link = link
        }
    }

    /// Codes per column and per row on one sheet of paper.
    static let columns = 4
    static let rows = 5

    /// The heading, such as the route's name.
    package let title: String
    /// The paper.
    package let paper: PaperSize
    /// The codes, in print order.
    package let stickers: [Sticker]

    /// A sheet.
    package init(title: String, paper: PaperSize, stickers: [Sticker]) {
        self.title = title
        self.paper = paper
        self.stickers = stickers
    }

    /// The HTML document.
    package var html: String {
        // A4 less 10 mm margins is 190 × 277 mm, Letter 195.9 × 259.4 mm: 4 columns of 45 mm, 5 rows of 50 mm fit both.
        var html = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>\(title.xmlEscaped)</title>
            <style>
            @page { size: \(paper.cssName); margin: 10mm; }
            body { margin: 0; font-family: sans-serif; }
            .sheet { display: grid; grid-template-columns: repeat(\(Self.columns), 45mm); grid-auto-rows: 50mm; break-after: page; }
            .sheet:last-child { break-after: auto; }
            figure { margin: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; }
            img { width: 40mm; height: 40mm; }
            figcaption { font: 9pt monospace; margin-top: 1mm; overflow-wrap: anywhere; text-align: center; }
            </style>
            </head>
            <body>

            """
        let perSheet = Self.columns * Self.rows
        for start in stride(from: 0, to: stickers.count, by: perSheet) {
            html += "<section class=\"sheet\">\n"
            for sticker in stickers[start..<min(start + perSheet, stickers.count)] {
                html += "<figure><img src=\"\(sticker.file.xmlEscaped)\" alt=\"\(sticker.link.xmlEscaped)\"/>"
                html += "<figcaption>\(sticker.label.xmlEscaped)</figcaption></figure>\n"
            }
            html += "</section>\n"
        }
        return html + "</body>\n</html>\n"
    }
}
