package import DeepLinkRouting
import Foundation

/// A DocC article of the API `SwiftGenerator` writes for a table: its routes, then every public declaration of the
/// generated file, type by type, with its summary. It is read off the generated source itself (with `public`
/// access), so it says what the code declares.
package struct GeneratedAPIArticle {
    /// The generator of the code the article describes, its API made `public`, whatever the options say.
    let generator: SwiftGenerator

    /// The article of the code generated from `table`, read from the file called `sourceName`, with `options`.
    package init(table: RouteTable, sourceName: String, options: SwiftGeneratorOptions = SwiftGeneratorOptions()) {
        var exposed = options
        exposed.accessModifier = .public
        generator = SwiftGenerator(table: table, sourceName: sourceName, options: exposed)
    }

    /// The Markdown.
    package func markdown() -> String {
        let source = generator.source()
        let sourceName = generator.sourceName
        var lines = [
            "# The generated API", "",
            "What `deeplinkd generate swift` writes for `\(sourceName)`: one type, `\(generator.name)`, with a case per route and "
                + "everything else nested in it.", "",
            "## Overview", "",
            "The file is generated from the table at every build by the `DeepLinkRoutesPlugin` (or once by `deeplinkd generate swift`); "
                + "this article is generated from the same table with `deeplinkd generate swift --docc`, so it lists what the code declares. "
                + "The declarations are `public` here; by default they are `internal` (`accessModifier` in `deeplinkd-generator.yaml`).", "",
            "## Routes", "",
            "| Case | Path | Scopes | Gate | Feature | Notification | Secret |", "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for route in generator.table.routes {
            let generated = GeneratedRoute(route)
            let paths = ([route.pattern] + route.aliases).map { "`\($0.description.visible)`" }.joined(separator: ", ")
            let cells = [
                "`\(generated.declaration.replacingOccurrences(of: "|", with: "\\|"))`", paths, route.scopes.map(\.description).joined(separator: ", "),
                route.gate ?? "", route.feature ?? "", route.notification.map { "`\($0.visible)`" } ?? "", route.isSecret ? "yes" : "",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        for (type, declarations) in Self.declarations(in: source) {
            lines += ["", "## `\(type)`", ""]
            lines += declarations.map { "- `\($0.declaration)`" + ($0.summary.isEmpty ? "" : ": " + $0.summary) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every public declaration of `source` with its summary, grouped by the type it belongs to, in order. The
    /// `#else` branch of a declaration written twice for the two compilers is skipped.
    static func declarations(in source: String) -> [(type: String, declarations: [(declaration: String, summary: String)])] {
        var groups: [(type: String, declarations: [(declaration: String, summary: String)])] = []
        var scopes: [(name: String, depth: Int, isType: Bool)] = []
        var depth = 0
        var summary: [String] = []
        var isSkipping = false
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line == "#else" { isSkipping = true }
            if line == "#endif" { isSkipping = false }
            if isSkipping || line.hasPrefix("#") || line.hasPrefix("public import ") { continue }
            if line.hasPrefix("///") {
                summary.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
                continue
            }
            let owner = scopes.last?.name ?? ""
            let entry = (declaration: Self.signature(line), summary: Self.firstSentence(summary))
            if line.hasPrefix("extension ") {
                scopes.append((String(line.dropFirst("extension ".count).prefix { $0 != " " && $0 != "{" }), depth, false))
            } else if let type = Self.typeName(declaredBy: line) {
                if line.contains("public ") { add(entry, to: owner.isEmpty ? type : owner, in: &groups) }
                scopes.append((owner.isEmpty ? type : owner + "." + type, depth, true))
            } else if line.contains("public ") {
                add(entry, to: owner, in: &groups)
            } else if line.hasPrefix("case "), let scope = scopes.last, scope.isType, depth == scope.depth + 1, !owner.contains(".EmbeddedTable") {
                add(entry, to: owner, in: &groups)
            }
            summary = []
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            while let last = scopes.last, depth <= last.depth, line.contains("}") { scopes.removeLast() }
        }
        return groups
    }

    private static func add(
        _ entry: (declaration: String, summary: String), to type: String,
        in groups: inout [(type: String, declarations: [(declaration: String, summary: String)])]
    ) {
        if let index = groups.firstIndex(where: { $0.type == type }) {
            groups[index].declarations.append(entry)
        } else {
            groups.append((type, [entry]))
        }
    }

    /// The type `line` declares (`enum Route`, `struct Unmatched`), or nil.
    private static func typeName(declaredBy line: String) -> String? {
        let words = line.split(separator: " ")
        guard let keyword = words.firstIndex(where: { $0 == "enum" || $0 == "struct" }), keyword + 1 < words.count else { return nil }
        return String(words[keyword + 1].prefix { $0 != ":" && $0 != "{" })
    }

    /// The declaration without `nonisolated` and without its body.
    private static func signature(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "nonisolated ", with: "")
        if let brace = text.range(of: " {") { text = String(text[..<brace.lowerBound]) }
        if let equals = text.range(of: " = "), text.contains("static let") { text = String(text[..<equals.lowerBound]) }
        return text
    }

    /// The first sentence of a doc comment.
    private static func firstSentence(_ lines: [String]) -> String {
        let text = lines.joined(separator: " ")
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}
