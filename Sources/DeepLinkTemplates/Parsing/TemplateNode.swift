/// One piece of a parsed template (`TemplateParser`), rendered by `TemplateRenderer`.
///
/// Not `indirect`: the nested nodes are arrays, so no case needs a box of its own, and a boxed payload is kept behind
/// a pointer whose spare bits hold the case, which LeakSanitizer does not take for a pointer (it reported every box
/// of a long-lived site as leaked).
enum TemplateNode: Sendable, Equatable {
    /// Text written as it is.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
    case variable(TemplateName, isEscaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], isInverted: Bool)
    /// `{{$name}}…{{/name}}` outside a parent: the block's own body, unless an including parent tag overrides it.
    case block(String, body: [TemplateNode], indentation: String)
    /// `{{>name}}`; `indentation` is set when the tag stands alone on its line (every line of the partial gets it).
    case partial(String, indentation: String?)
    /// `{{<name}}…{{/name}}`: the template `name`, with the blocks defined inside the tag overriding its own.
    case parent(String, indentation: String, overrides: [String: [TemplateNode]])
    /// `{{$name}}…{{/name}}` inside a parent tag: an override, collected into the parent's `overrides`.
    case override(String, body: [TemplateNode])
}

/// A name in a tag: a key path looked up in the context, and the transforms applied to its value, outermost first
/// (`uppercased(values.id)`: the name `values.id`, the transform `uppercased`).
struct TemplateName: Sendable, Equatable {
    /// The tag's text.
    let text: String
    /// The name inside the transforms: dot-separated keys (`.` alone is the current value; a leading `.` looks in the
    /// current value only, not in the values around it).
    let name: String
    /// The transforms, outermost first, as written.
    let transforms: [String]

    /// The keys of `name`, without empty ones (`a..b` is `a`, `b`).
    var keys: [Substring] { name.split(separator: ".") }

    /// The name of `text`, read as swift-mustache reads it: a name, or transforms around one, `outer(inner(name))`;
    /// nil when the parentheses do not close as they open.
    init?(_ text: String) {
        self.text = text
        var rest = Substring(text)
        var transforms: [String] = []
        var word = rest.prefix { $0 != "(" && $0 != ")" }
        rest = rest.dropFirst(word.count)
        while rest.first == "(" {
            transforms.append(String(word))
            rest = rest.dropFirst()
            word = rest.prefix { $0 != "(" && $0 != ")" }
            rest = rest.dropFirst(word.count)
        }
        let closing = rest.prefix { $0 == ")" }
        guard closing.count == transforms.count, closing.count == rest.count else { return nil }
        self.transforms = transforms
        name = String(word)
    }
}
