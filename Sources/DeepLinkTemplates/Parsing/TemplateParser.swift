/// Parses a Mustache template into `TemplateNode`s in one pass, in time linear in its length, reading it as
/// swift-mustache 2 reads it (so a page renders the bytes swift-mustache renders, which the tests compare): grapheme by
/// grapheme, with its rules for lines that hold nothing but a tag (standalone tags take their line with them), for the
/// indentation of partials and blocks, and for delimiters set by `{{=<% %>=}}` for the rest of the section they are set
/// in. It also notes what `TemplateGraph` checks (`TemplateScan`): the partials, parents and blocks referred to, and
/// how deep sections nest, refusing past `TemplateLimits.nesting` before the recursion gets deep.
///
/// Where swift-mustache reads a construct in a way no author means, the parser refuses it with a problem naming the
/// line (a dynamic partial, a section that would repeat per element of a list, a content type that turns escaping
/// off), or reads it as swift-mustache does (`{{` right before a line break is dropped).
struct TemplateParser {
    /// Where a section's parse is: swift-mustache's parser state, one copy per section level.
    struct State {
        /// The name the closing tag must repeat; nil at the top of the template.
        var section: String?
        /// Whether the next tag starts a line: it stands alone when the rest of its line is blank.
        var isNewLine = true
        /// Inside a `{{<parent}}` tag, and right at its top (where only blocks may be).
        var isInParent = false
        var isAtTopOfParent = false
        /// The indentation of a block override's first line, taken off each line after it.
        var overrideIndentation: Int?
    }

    /// An open section, for the scan.
    struct OpenSection {
        let name: String
        let line: Int
        /// The index of its body in `scan.blocks` when it is a `{{$name}}` block.
        let block: Int?
    }

    /// A problem that stops the parse.
    struct Stop: Error {
        let message: String
        var line: Int?
    }

    let characters: [Character]
    var position = 0
    var line = 1
    /// UTF-8 bytes before `position`.
    var offset = 0
    var start = "{{"
    var end = "}}"
    /// The line the tag being read starts on.
    var tagLine = 1
    var open: [OpenSection] = []
    /// The UTF-8 offset where each open block's body starts, innermost last.
    var blockStarts: [Int] = []
    var scan = TemplateScan()

    private init(_ text: String) {
        characters = Array(text)
    }

    /// The nodes and tags of `text`, or its first problem.
    static func parse(_ text: String) -> TemplateScan {
        var parser = TemplateParser(text)
        do throws(Stop) {
            parser.scan.nodes = try parser.nodes(parser.firstState())
        } catch {
            parser.scan.problem = TemplateScan.Problem(line: error.line ?? parser.tagLine, message: error.message)
        }
        return parser.scan
    }

    /// The state at the start of the text. swift-mustache read every template after a content-type pragma tag
    /// (`HTMLEscaping.pragma`), which stands alone, taking the line with it, when the first line is blank; otherwise
    /// it is followed by text, so no tag on the first line stands alone.
    private mutating func firstState() -> State {
        var state = State()
        state.isNewLine = isLineFinished()
        return state
    }

    /// The nodes up to the closing tag of `state.section` (read too), or to the end of the text at the top.
    mutating func nodes(_ state: State) throws(Stop) -> [TemplateNode] {
        var state = state
        var nodes: [TemplateNode] = []
        var indentation = ""
        while position < characters.count {
            if state.isNewLine {
                let spaces = read { $0 == " " || $0 == "\t" }
                if state.isInParent && !state.isAtTopOfParent {
                    if let taken = state.overrideIndentation {
                        indentation = String(spaces.dropFirst(taken))
                    } else {
                        state.overrideIndentation = spaces.count
                    }
                } else {
                    indentation = spaces
                }
            }
            let text = readText()
            if position < characters.count, characters[position].isNewline {
                nodes.append(.text(indentation + text + String(characters[position])))
                advance()
                state.isNewLine = true
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(indentation + text))
                indentation = ""
                state.isNewLine = false
            }
            guard position < characters.count else { break }
            let closes = characters[position] == "/"
            let standsAlone = try tag(&state, into: &nodes, indentation: &indentation)
            if closes { return nodes }
            state.isNewLine = standsAlone
        }
        if let unclosed = open.last {
            throw Stop(message: "section '\(unclosed.name)' is never closed", line: unclosed.line)
        }
        return nodes
    }

    /// Reads text up to a line break (not read) or the start delimiter (read); a first character of the delimiter that
    /// does not start it is text.
    private mutating func readText() -> String {
        guard let first = start.first else { return "" }
        var text = ""
        while position < characters.count {
            let character = characters[position]
            if character == "\n" || character == "\r\n" { break }
            if character == first, matches(start) {
                tagLine = line
                advance(by: start.count)
                break
            }
            text.append(character)
            advance()
        }
        return text
    }

    /// Whether the rest of the line is blank: then the line break and the blanks before it are read. The end of the
    /// text counts as a line's end only right after the tag.
    mutating func isLineFinished() -> Bool {
        guard position < characters.count else { return true }
        var probe = position
        while probe < characters.count, characters[probe] == " " || characters[probe] == "\t" { probe += 1 }
        guard probe < characters.count, characters[probe].isNewline else { return false }
        advance(by: probe + 1 - position)
        return true
    }
}
