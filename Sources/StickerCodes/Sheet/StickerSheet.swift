/// A printable HTML page of sticker codes: a grid of 4 × 5 per sheet of paper, each code 40 mm square with its id
/// printed under it. It is well-formed XML too (XHTML syntax), and every id, file name and link in it is escaped.
public struct StickerSheet: Sendable {
    /// One code on the sheet.
    public struct Sticker: Sendable, Equatable {
        /// The text printed under the code.
        public let label: String
        /// The image's file name, relative to the sheet.
        public let file: String
        /// The encoded link, as the image's alternative text.
        public let link: String

        /// A sticker.
        public init(label: String, file: String, link: String) {
            self.label = label
            self.file = file
            self.link = link
        }
    }

    /// Codes per column and per row on one sheet of paper.
    static let columns = 4
    static let rows = 5

    /// The heading, such as the route's name.
    public let title: String
    /// The paper.
    public let paper: PaperSize
    /// The codes, in print order.
    public let stickers: [Sticker]

    /// A sheet.
    public init(title: String, paper: PaperSize, stickers: [Sticker]) {
        self.title = title
        self.paper = paper
        self.stickers = stickers
    }

    /// The HTML document.
    public var html: String {
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

extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` written as character references (and the control characters XML
    /// forbids as U+FFFD), safe in HTML and XML text and quoted attributes.
    var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            // Control characters XML 1.0 does not allow, even as references.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
