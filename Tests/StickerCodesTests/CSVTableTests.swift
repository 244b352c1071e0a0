import Testing

@testable import StickerCodes

@Suite("CSV files of parameter values")
struct CSVTableTests {
    @Test("quoted fields keep their commas, doubled quotes and line breaks; records know their first line")
    func quoted() throws {
        let table = try CSVTable(parsing: "\u{FEFF}id,name\r\nCH-1,\"Gare de l'Est, quai 3\"\r\n\n\"CH-2\",\"say \"\"hi\"\"\nthere\"\nCH-3,\n\"\",x")
        #expect(table.header == ["id", "name"])
        #expect(
            table.records == [
                CSVTable.Record(line: 2, fields: ["CH-1", "Gare de l'Est, quai 3"]),
                CSVTable.Record(line: 4, fields: ["CH-2", "say \"hi\"\nthere"]),
                CSVTable.Record(line: 6, fields: ["CH-3", ""]),
                CSVTable.Record(line: 7, fields: ["", "x"]),
            ])
    }

    @Test("a record may have a different number of fields: the caller reports it with its row")
    func ragged() throws {
        let table = try CSVTable(parsing: "id\na,b\n")
        #expect(table.records == [CSVTable.Record(line: 2, fields: ["a", "b"])])
    }

    @Test(
        "syntax errors name their line",
        arguments: [
            ("", CSVError.noHeader, nil, "the file is empty: the first line must name the parameters"),
            ("id\n\"CH-1\nCH-2\n", .unterminatedQuote(line: 2), 2, "a quoted field is not closed before the end of the file"),
            ("id\nCH\"1\n", .quoteInsideField(line: 2), 2, "a quote inside an unquoted field (quote the whole field and double the quote: \"a\"\"b\")"),
            ("id\n\"CH\"1\n", .textAfterQuote(line: 2), 2, "text after the closing quote of a field"),
            ("id\n\"a\nb\"\nc\rd\n", .strayCarriageReturn(line: 4), 4, "a carriage return not followed by a line feed"),
        ] as [(String, CSVError, Int?, String)])
    func errors(text: String, error: CSVError, line: Int?, message: String) {
        #expect(throws: error) { try CSVTable(parsing: text) }
        #expect(error.line == line)
        #expect(error.description == message)
    }
}
