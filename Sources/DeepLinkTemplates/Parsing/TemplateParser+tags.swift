/// The tags, each read as swift-mustache reads it.
extension TemplateParser {
    /// Reads the tag whose start delimiter was just read into `nodes`, with `indentation` the blanks before it on its
    /// line (written before the tag unless it stands alone); returns whether it stands alone on its line.
    mutating func tag(_ state: inout State, into nodes: inout [TemplateNode], indentation: inout String) throws(Stop) -> Bool {
        let sigil = characters[position]
        switch sigil {
        case "#", "^":
            advance()
            let name = try readName()
            let parsed = try Self.templateName(name)
            if sigil == "#", let transform = Self.repeatingTransform(in: name) {
                throw Stop(message: "section '\(name)' repeats its content for each element of '\(transform)(…)': pages have no lists")
            }
            let standsAlone = state.isNewLine && isLineFinished()
            if !standsAlone { flush(&indentation, into: &nodes) }
            let body = try section(name, block: nil, state: state.entering(name, isNewLine: standsAlone))
            nodes.append(.section(parsed, body, isInverted: sigil == "^"))
            return standsAlone
        case "/":
            advance()
            try close(try readName())
            let standsAlone = state.isNewLine && isLineFinished()
            if !standsAlone { flush(&indentation, into: &nodes) }
            return standsAlone
        case "!":
            advance()
            try skipComment()
            return state.isNewLine && isLineFinished()
        case "{", "&":
            flush(&indentation, into: &nodes)
            advance()
            let name = try Self.templateName(try readName())
            if sigil == "{" {
                guard position < characters.count, characters[position] == "}" else { throw Stop(message: "unfinished tag: expected '}\(end)'") }
                advance()
            }
            nodes.append(.variable(name, isEscaped: false))
            return false
        case ">", "<":
            advance()
            return try reference(isParent: sigil == "<", state: state, into: &nodes, indentation: &indentation)
        case "$":
            advance()
            return try block(state: state, into: &nodes, indentation: &indentation)
        case "=":
            advance()
            try setDelimiters()
            state.isAtTopOfParent = false
            return state.isNewLine && isLineFinished()
        case "%":
            advance()
            try contentType(try readPragma(), state: state)
            return state.isNewLine && isLineFinished()
        default:
            flush(&indentation, into: &nodes)
            nodes.append(.variable(try Self.templateName(try readName()), isEscaped: true))
            return false
        }
    }

    /// A partial (`{{>name}}`) or parent (`{{<name}}…{{/name}}`) tag, the sigil read.
    private mutating func reference(isParent: Bool, state: State, into nodes: inout [TemplateNode], indentation: inout String) throws(Stop) -> Bool {
        let line = tagLine
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
        note(isParent ? .parent : .partial, name)
        // Written before the tag even when it stands alone: then it is also the partial's indentation, which its
        // renderer writes at the start of every line but the first.
        if !indentation.isEmpty { nodes.append(.text(indentation)) }
        let standsAlone = state.isNewLine && isLineFinished()
        defer { indentation = "" }
        guard isParent else {
            nodes.append(.partial(name, indentation: standsAlone ? indentation : nil))
            return standsAlone
        }
        var inner = state
        (inner.section, inner.isNewLine, inner.isInParent, inner.isAtTopOfParent) = (name, true, true, true)
        var overrides: [String: [TemplateNode]] = [:]
        for node in try section(name, block: nil, state: inner) {
            switch node {
            case .override(let block, let body): overrides[block] = body
            case .text: continue
            default: throw Stop(message: "parent '\(name)' may hold only blocks ({{$name}}…{{/name}}) and blank text", line: line)
            }
        }
        nodes.append(.parent(name, indentation: indentation, overrides: overrides))
        return standsAlone
    }

    /// A block tag, `{{$name}}…{{/name}}`, the sigil read: an override at the top of a parent tag, else a block
    /// with its own body.
    private mutating func block(state: State, into nodes: inout [TemplateNode], indentation: inout String) throws(Stop) -> Bool {
        let name = try readName()
        guard try Self.templateName(name).transforms.isEmpty else { throw Stop(message: "block '\(name)' cannot take a transform") }
        note(.block, name)
        scan.blocks.append(TemplateScan.Block(name: name, line: tagLine, depth: open.count))
        let index = scan.blocks.count - 1
        if state.isAtTopOfParent {
            let standsAlone = state.isNewLine && isLineFinished()
            nodes.append(.override(name, body: try section(name, block: index, state: state.entering(name, isNewLine: standsAlone))))
            return standsAlone
        }
        if !indentation.isEmpty { nodes.append(.text(indentation)) }
        let standsAlone = state.isNewLine && isLineFinished()
        let body = try section(name, block: index, state: state.entering(name, isNewLine: standsAlone))
        nodes.append(.block(name, body: body, indentation: indentation))
        indentation = ""
        return standsAlone
    }

    /// `{{% CONTENT_TYPE: HTML }}`: every page is HTML, every value escaped, so that is the one content type taken.
    private func contentType(_ pragma: (name: String, value: String), state: State) throws(Stop) {
        guard pragma.name == "CONTENT_TYPE", pragma.value == "HTML" || pragma.value == HTMLEscaping.name else {
            throw Stop(
                message: pragma == ("CONTENT_TYPE", "TEXT")
                    ? "content type 'TEXT' would write values into pages unescaped: pages are HTML"
                    : "unknown pragma '\(pragma.name): \(pragma.value)': only 'CONTENT_TYPE: HTML' is known")
        }
        if state.isAtTopOfParent {
            throw Stop(message: "parent '\(state.section ?? "")' may hold only blocks ({{$name}}…{{/name}}) and blank text")
        }
    }

    /// Writes the blanks before a tag as text, if any.
    private func flush(_ indentation: inout String, into nodes: inout [TemplateNode]) {
        guard !indentation.isEmpty else { return }
        nodes.append(.text(indentation))
        indentation = ""
    }

    /// The name of a tag's text, or the problem with it.
    static func templateName(_ text: String) throws(Stop) -> TemplateName {
        guard let name = TemplateName(text) else { throw Stop(message: "malformed name '\(text)': a transform is written transform(name)") }
        return name
    }
}

extension TemplateParser.State {
    /// The state inside a section named `name` opened here (no longer at the top of a parent tag), at the start of a
    /// line when its tag stood alone.
    func entering(_ name: String, isNewLine standsAlone: Bool) -> Self {
        var inner = self
        inner.section = name
        inner.isAtTopOfParent = false
        inner.isNewLine = isNewLine && standsAlone
        return inner
    }
}
