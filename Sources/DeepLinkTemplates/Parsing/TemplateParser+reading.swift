/// The pieces of a tag, read as swift-mustache's parser reads them.
extension TemplateParser {
    /// Characters of a variable or section name.
    static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    /// Characters of a partial's name.
    static let partialNameCharacters = nameCharacters.union(["/"])
    /// Characters of a pragma's name and value.
    static let pragmaCharacters = nameCharacters.subtracting(["(", ")"])

    mutating func advance() {
        let character = characters[position]
        if character.isNewline { line += 1 }
        offset += character.utf8.count
        position += 1
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count where position < characters.count { advance() }
    }

    /// Whether the text at the current position is `text`, compared as swift-mustache compares it.
    func matches(_ text: String) -> Bool {
        let count = text.count
        guard characters.count - position >= count else { return false }
        return String(characters[position..<position + count]) == text
    }

    mutating func skipWhitespace() {
        while position < characters.count, characters[position].isWhitespace { advance() }
    }

    mutating func read(while isIncluded: (Character) -> Bool) -> String {
        var text = ""
        while position < characters.count, isIncluded(characters[position]) {
            text.append(characters[position])
            advance()
        }
        return text
    }

    /// Reads the end delimiter, or stops the scan.
    mutating func readEnd() throws(Stop) {
        guard matches(end) else { throw Stop(message: "unfinished tag: expected '\(end)'") }
        advance(by: end.count)
    }

    /// A name and the end delimiter after it.
    mutating func readName() throws(Stop) -> String {
        skipWhitespace()
        let name = read { Self.nameCharacters.contains($0) }
        skipWhitespace()
        try readEnd()
        return name
    }

    /// A partial's name and the end delimiter after it.
    mutating func readPartialName() throws(Stop) -> String {
        skipWhitespace()
        let name = read { Self.partialNameCharacters.contains($0) }
        skipWhitespace()
        try readEnd()
        return name
    }

    /// Skips a comment to the end delimiter, matching it character by character without going back, as
    /// swift-mustache does (so `%%>` does not end a comment for `%>`).
    mutating func skipComment() throws(Stop) {
        let delimiter = Array(end)
        var matched = 0
        while position < characters.count {
            if characters[position] == delimiter[matched] {
                matched += 1
                if matched == delimiter.count {
                    advance()
                    return
                }
            } else {
                matched = 0
            }
            advance()
        }
        throw Stop(message: "comment is never closed: expected '\(end)'")
    }

    /// `{{=<% %>=}}`, the `=` read: new delimiters for the rest of the enclosing section.
    mutating func setDelimiters() throws(Stop) {
        let invalid = Stop(message: "invalid set-delimiter tag: expected '=START END=\(end)'")
        skipWhitespace()
        let newStart = read { !$0.isWhitespace }
        guard position < characters.count else { throw invalid }
        skipWhitespace()
        let newEnd = read { $0 != "=" && !$0.isWhitespace }
        guard position < characters.count else { throw invalid }
        skipWhitespace()
        guard position < characters.count, characters[position] == "=" else { throw invalid }
        advance()
        guard matches(end), !newStart.isEmpty, !newEnd.isEmpty else { throw invalid }
        advance(by: end.count)
        start = newStart
        end = newEnd
    }

    /// `{{% NAME: VALUE }}`, the `%` read: its name and value.
    mutating func readPragma() throws(Stop) -> (name: String, value: String) {
        let invalid = Stop(message: "invalid pragma: expected 'NAME: VALUE\(end)'")
        skipWhitespace()
        let name = read { Self.pragmaCharacters.contains($0) }
        skipWhitespace()
        guard position < characters.count, characters[position] == ":" else { throw invalid }
        advance()
        skipWhitespace()
        let value = read { Self.pragmaCharacters.contains($0) }
        skipWhitespace()
        guard matches(end), !name.isEmpty, !value.isEmpty else { throw invalid }
        advance(by: end.count)
        return (name, value)
    }
}
