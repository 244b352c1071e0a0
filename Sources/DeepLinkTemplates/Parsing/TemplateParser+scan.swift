/// What the parse notes for `TemplateGraph`: sections opened and closed, and the templates and blocks referred to.
extension TemplateParser {
    /// The body of a section named `name` (a block's when `block` is its index in `scan.blocks`), up to and with its
    /// closing tag; delimiters set inside it end with it.
    mutating func section(_ name: String, block: Int?, state: State) throws(Stop) -> [TemplateNode] {
        guard open.count < TemplateLimits.nesting else {
            throw Stop(message: "sections nest more than \(TemplateLimits.nesting) deep")
        }
        open.append(OpenSection(name: name, line: tagLine, block: block))
        scan.deepest = max(scan.deepest, open.count)
        if block != nil { blockStarts.append(offset) }
        if let inner = innermostBlock, inner.section != open.count - 1 {
            scan.blocks[inner.block].deepest = max(scan.blocks[inner.block].deepest, open.count - 1 - inner.section)
        }
        let delimiters = (start, end)
        let body = try nodes(state)
        (start, end) = delimiters
        return body
    }

    /// Reads the closing tag of the innermost open section, named `name`.
    mutating func close(_ name: String) throws(Stop) {
        guard let section = open.last else { throw Stop(message: "closing tag '\(name)' closes no open section") }
        guard section.name == name else {
            throw Stop(message: "closing tag '\(name)' does not match section '\(section.name)' opened on line \(section.line)")
        }
        open.removeLast()
        if let block = section.block, let bodyStart = blockStarts.popLast() {
            // Counted to the end of the closing tag, already read: a few bytes more than the body, never fewer.
            scan.blocks[block].size = max(0, offset - bodyStart)
        }
    }

    /// Notes a tag that renders another template or a block.
    mutating func note(_ kind: TemplateScan.Reference.Kind, _ name: String) {
        scan.references.append(
            TemplateScan.Reference(kind: kind, name: name, line: tagLine, depth: open.count, block: open.last(where: { $0.block != nil })?.block))
    }

    /// The innermost open block: its index in `scan.blocks` and its place in `open`.
    private var innermostBlock: (block: Int, section: Int)? {
        guard let section = open.lastIndex(where: { $0.block != nil }), let block = open[section].block else { return nil }
        return (block, section)
    }

    /// The transforms that turn a value into a list, which makes a section repeat.
    static let repeatingTransforms: Set<Substring> = ["reversed", "sorted", "enumerated"]

    /// The first transform in a section name (`reversed(appName)`) that makes the section repeat, if any.
    static func repeatingTransform(in name: String) -> Substring? {
        name.split(separator: "(", omittingEmptySubsequences: false).dropLast().first { repeatingTransforms.contains($0) }
    }
}
