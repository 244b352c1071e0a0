/// A CSV file (RFC 4180) read whole: a header row of names, then records. Fields may be quoted (`"a, ""b"""`,
/// with commas, quotes and line breaks inside); lines end in LF or CRLF; a UTF-8 byte-order mark and blank lines
/// are skipped.
package struct CSVTable: Sendable, Equatable {
    /// One record after the header.
    package struct Record: Sendable, Equatable {
        /// The file line it starts on (1 is the header's first line).
        package let line: Int
        /// The fields, unquoted.
        package let fields: [String]
    }

    /// The header's fields.
    package let header: [String]
    /// The records after the header, in file order.
    package let records: [Record]

    /// Reads `text`, or throws the first syntax error with its line.
    package init(parsing text: String) throws(CSVError) {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var isQuoted = false
        var isInsideQuotes = false
        var isAfterClosingQuote = false
        var iterator = text.unicodeScalars.drop { $0 == "\u{FEFF}" }.makeIterator()
        var pending: Unicode.Scalar? = nil
        func finishRecord() {
            fields.append(field)
            // A blank line is one empty, unquoted field: skipped rather than read as a record.
            if !(fields.count == 1 && field.isEmpty && !isQuoted) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
            field = ""
            isQuoted = false
            isAfterClosingQuote = false
        }
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if isInsideQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        isInsideQuotes = false
                        isAfterClosingQuote = true
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                isQuoted = false
                isAfterClosingQuote = false
            case "\r":
                let next = iterator.next()
                guard next == "\n" else { throw .strayCarriageReturn(line: line) }
                fallthrough
            case "\n":
                finishRecord()
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !isQuoted else { throw .quoteInsideField(line: line) }
                isQuoted = true
                isInsideQuotes = true
            default:
                guard !isAfterClosingQuote else { throw .textAfterQuote(line: line) }
                field.unicodeScalars.append(scalar)
            }
        }
        if isInsideQuotes { throw .unterminatedQuote(line: recordLine) }
        if !fields.isEmpty || !field.isEmpty || isQuoted { finishRecord() }
        guard let header = records.first else { throw .noHeader }
        self.header = header.fields
        self.records = Array(records.dropFirst())
    }
}
