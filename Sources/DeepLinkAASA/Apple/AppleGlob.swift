/// Apple's glob: `*` any run of characters (`/` included), `?` one character, `\` escapes the next; and the path
/// normalisation iOS applies to patterns and paths alike (aasa-reference.md §2.2).
enum AppleGlob {
    private enum Token: Equatable {
        case anyRun
        case one
        case literal(Character)
    }

    /// Runs of `/` collapse, a leading `/` is added, a trailing `/` is appended unless the text ends in `*`.
    static func normalised(_ text: String, isPattern: Bool) -> String {
        var result = text.isEmpty ? "/" : text
        while result.contains("//") { result = result.replacing("//", with: "/") }
        if isPattern { while result.contains("**") { result = result.replacing("**", with: "*") } }
        if !result.hasPrefix("/") && !result.hasPrefix("*") { result = "/" + result }
        if !result.hasSuffix("/") && !result.hasSuffix("*") { result += "/" }
        return result
    }

    /// Every URL item named in the dictionary must match (all of its instances); absent items match as the empty
    /// string; items the dictionary does not name are ignored.
    static func queryMatches(_ dictionary: [String: String], _ query: String?, _ isCaseSensitive: Bool) -> Bool {
        let items = (query ?? "").split(separator: "&").map { item -> (name: Substring, value: String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (parts.first ?? "", parts.count > 1 ? String(parts[1]) : "")
        }
        return dictionary.allSatisfy { name, pattern in
            let values = items.filter { $0.name == name }.map(\.value)
            return (values.isEmpty ? [""] : values).allSatisfy { matches(pattern, $0, isCaseSensitive) }
        }
    }

    /// Whether `text` matches `pattern`; without case sensitivity both are compared lower-cased.
    ///
    /// The classic wildcard walk: on a mismatch, the last `*` takes one more character. Time is at most the product
    /// of the lengths, so a hostile served file cannot make the doctor back-track exponentially.
    static func matches(_ pattern: String, _ text: String, _ isCaseSensitive: Bool = true) -> Bool {
        let tokens = tokenize(isCaseSensitive ? pattern : pattern.lowercased())
        let characters = Array(isCaseSensitive ? text : text.lowercased())
        var token = 0
        var position = 0
        var lastStar: (token: Int, position: Int)?
        while position < characters.count {
            if token < tokens.count, tokens[token] == .anyRun {
                lastStar = (token, position)
                token += 1
            } else if token < tokens.count, tokens[token] == .one || tokens[token] == .literal(characters[position]) {
                token += 1
                position += 1
            } else if let star = lastStar {
                lastStar = (star.token, star.position + 1)
                token = star.token + 1
                position = star.position + 1
            } else {
                return false
            }
        }
        return tokens[token...].allSatisfy { $0 == .anyRun }
    }

    private static func tokenize(_ pattern: String) -> [Token] {
        var tokens: [Token] = []
        var isEscaped = false
        for character in pattern {
            if isEscaped {
                tokens.append(.literal(character))
                isEscaped = false
                continue
            }
            switch character {
            case "\\": isEscaped = true
            case "*": tokens.append(.anyRun)
            case "?": tokens.append(.one)
            default: tokens.append(.literal(character))
            }
        }
        if isEscaped { tokens.append(.literal("\\")) }
        return tokens
    }
}
