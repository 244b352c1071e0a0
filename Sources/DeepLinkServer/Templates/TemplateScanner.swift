/// Reads the tags of a Mustache template without recursion, the way swift-mustache's parser reads them (grapheme by
/// grapheme, delimiters set by `{{=<% %>=}}` scoped to the section they are set in), so that its recursion is
/// bounded before it sees the text: sections nest at most `TemplateLimits.nesting` deep, closing tags match, and the
/// partials, parents and blocks each template refers to are known.
///
/// Wherever the two could read a tag differently, the scanner either reads it as swift-mustache does or refuses it.
struct TemplateScanner {
    /// An open section, with what to restore when it closes.
    private struct OpenSection {
        let name: String
        let line: Int
        /// The delimiters around the section, in force again after it closes.
        let start: String
        let end: String
        /// The index of its body in `scan.blocks` when it is a `{{$name}}` block.
        let block: Int?
    }

    /// A problem that stops the scan.
    struct Stop: Error {
        let message: String
    }

    let characters: [Character]
    var position = 0
    var line = 1
    /// UTF-8 bytes before `position`.
    var offset = 0
    var start = "{{"
    /// The line the tag being read starts on.
    var tagLine = 1
    var end = "}}"
    private var open: [OpenSection] = []
    /// The UTF-8 offset where each open block's body starts, innermost last.
    private var blockStarts: [Int] = []
    private var scan = TemplateScan()

    private init(_ text: String) {
        characters = Array(text)
    }

    /// The tags of `text`, up to its first problem.
    static func scan(_ text: String) -> TemplateScan {
        var scanner = TemplateScanner(text)
        scanner.run()
        return scanner.scan
    }

    private mutating func run() {
        while skipToTag() {
            do throws(Stop) {
                try readTag()
            } catch {
                scan.problem = TemplateScan.Problem(line: tagLine, message: error.message)
                return
            }
        }
        if let unclosed = open.last {
            scan.problem = TemplateScan.Problem(line: unclosed.line, message: "section '\(unclosed.name)' is never closed")
        }
    }

    /// Moves past the next start delimiter; false at the end of the text, or when the delimiter ends it (which
    /// swift-mustache reads as nothing).
    private mutating func skipToTag() -> Bool {
        guard let first = start.first else { return false }
        while position < characters.count {
            if characters[position] == first, matches(start) {
                tagLine = line
                advance(by: start.count)
                return position < characters.count
            }
            advance()
        }
        return false
    }

    private mutating func readTag() throws(Stop) {
        let sigil = characters[position]
        switch sigil {
        case "#", "^":
            advance()
            let name = try readName()
            if sigil == "#", let transform = Self.repeatingTransform(in: name) {
                throw Stop(message: "section '\(name)' repeats its content for each element of '\(transform)(…)': pages have no lists")
            }
            try push(name, block: nil)
        case "/":
            advance()
            try close(try readName())
        case "!":
            advance()
            try skipComment()
        case "{":
            advance()
            _ = try readName()
            guard position < characters.count, characters[position] == "}" else { throw Stop(message: "unfinished tag: expected '}\(end)'") }
            advance()
        case "&":
            advance()
            _ = try readName()
        case ">", "<":
            advance()
            try readReference(isParent: sigil == "<")
        case "$":
            advance()
            let name = try readName()
            reference(.block, name)
            scan.blocks.append(TemplateScan.Block(name: name, line: tagLine, depth: open.count))
            try push(name, block: scan.blocks.count - 1)
        case "=":
            advance()
            try setDelimiters()
        case "%":
            advance()
            try readPragma()
        default:
            _ = try readName()
        }
    }

    /// A partial (`{{>name}}`) or parent (`{{<name}}`) tag, the sigil read.
    private mutating func readReference(isParent: Bool) throws(Stop) {
        skipWhitespace()
        var name = ""
        if !isParent, position < characters.count, characters[position] == "*" {
            advance()
            name = "*"
        }
        name += try readPartialName()
        if name.hasPrefix("*") {
            throw Stop(message: "dynamic \(isParent ? "parent" : "partial") '\(name)' is not supported: name the template")
        }
        reference(isParent ? .parent : .partial, name)
        if isParent { try push(name, block: nil) }
    }

    private mutating func reference(_ kind: TemplateScan.Reference.Kind, _ name: String) {
        scan.references.append(
            TemplateScan.Reference(kind: kind, name: name, line: tagLine, depth: open.count, block: open.last(where: { $0.block != nil })?.block))
    }

    private mutating func push(_ name: String, block: Int?) throws(Stop) {
        guard open.count < TemplateLimits.nesting else {
            throw Stop(message: "sections nest more than \(TemplateLimits.nesting) deep")
        }
        open.append(OpenSection(name: name, line: tagLine, start: start, end: end, block: block))
        scan.deepest = max(scan.deepest, open.count)
        if block != nil { blockStarts.append(offset) }
        if let inner = innermostBlock, inner.section != open.count - 1 {
            scan.blocks[inner.block].deepest = max(scan.blocks[inner.block].deepest, open.count - 1 - inner.section)
        }
    }

    /// The innermost open block: its index in `scan.blocks` and its place in `open`.
    private var innermostBlock: (block: Int, section: Int)? {
        guard let section = open.lastIndex(where: { $0.block != nil }), let block = open[section].block else { return nil }
        return (block, section)
    }

    private mutating func close(_ name: String) throws(Stop) {
        guard let section = open.last else { throw Stop(message: "closing tag '\(name)' closes no open section") }
        guard section.name == name else {
            throw Stop(message: "closing tag '\(name)' does not match section '\(section.name)' opened on line \(section.line)")
        }
        open.removeLast()
        if let block = section.block, let bodyStart = blockStarts.popLast() {
            // Counted to the end of the closing tag, already read: a few bytes more than the body, never fewer.
            scan.blocks[block].size = max(0, offset - bodyStart)
        }
        start = section.start
        end = section.end
    }

    /// The transforms that turn a value into a list, which makes a section repeat.
    static let repeatingTransforms: Set<Substring> = ["reversed", "sorted", "enumerated"]

    /// The first transform in a section name (`reversed(appName)`) that makes the section repeat, if any.
    static func repeatingTransform(in name: String) -> Substring? {
        name.split(separator: "(", omittingEmptySubsequences: false).dropLast().first { repeatingTransforms.contains($0) }
    }
}
