/// Why a CSV file cannot be read.
package enum CSVError: Error, Equatable, CustomStringConvertible {
    /// The file has no line at all.
    case noHeader
    /// A quoted field runs to the end of the file.
    case unterminatedQuote(line: Int)
    /// A quote in the middle of an unquoted field.
    case quoteInsideField(line: Int)
    /// Characters between a closing quote and the next comma or line end.
    case textAfterQuote(line: Int)
    /// A carriage return not followed by a line feed, outside quotes.
    case strayCarriageReturn(line: Int)

    /// The line the problem is on, when there is one.
    package var line: Int? {
        switch self {
        case .noHeader: nil
        case .unterminatedQuote(let line), .quoteInsideField(let line), .textAfterQuote(let line), .strayCarriageReturn(let line): line
        }
    }

    /// What is wrong, without the line.
    package var description: String {
        switch self {
        case .noHeader: "the file is empty: the first line must name the parameters"
        case .unterminatedQuote: "a quoted field is not closed before the end of the file"
        case .quoteInsideField: "a quote inside an unquoted field (quote the whole field and double the quote: \"a\"\"b\")"
        case .textAfterQuote: "text after the closing quote of a field"
        case .strayCarriageReturn: "a carriage return not followed by a line feed"
        }
    }
}
