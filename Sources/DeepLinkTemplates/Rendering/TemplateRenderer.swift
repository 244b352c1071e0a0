/// Renders parsed templates (`TemplateNode`) with a context as swift-mustache 2 rendered them: values looked up through
/// the stack of values the sections opened, every value HTML-escaped byte by byte (`HTMLEscaping`) unless written with
/// `{{{…}}}` or `{{&…}}`, partials and blocks indented as their tags were, parents rendered with the blocks their tags
/// override.
struct TemplateRenderer {
    /// Where a template is being rendered.
    struct Context {
        /// The values open, innermost last: the page's values, then each section's.
        var stack: [Any]
        /// The place in the list a section repeats over, if any.
        var element: ListElement?
        /// Written at the start of every line but the first, inside a partial or block whose tag stood alone.
        var indentation: String?
        /// Blocks overridden by the parent tags around, by name; the outermost definition wins.
        var overrides: [String: [TemplateNode]]?

        /// The context inside a section on `value`.
        func entering(_ value: Any, element: ListElement? = nil) -> Self {
            Self(stack: stack + [value], element: element, indentation: indentation, overrides: overrides)
        }

        /// The context inside a partial, parent or block whose tag had `indentation` before it (nil: it did not
        /// stand alone), with the blocks `overriding` defines.
        func including(indentation indented: String?, overriding: [String: [TemplateNode]]? = nil) -> Self {
            var inner = Self(stack: stack, element: nil, indentation: indentation, overrides: overrides)
            if let indented { inner.indentation = (indentation ?? "") + indented }
            if let overriding { inner.overrides = overrides.map { $0.merging(overriding) { outer, _ in outer } } ?? overriding }
            return inner
        }
    }

    /// An element of the list a section repeats over: what `first()`, `last()`, `index()`, `even()` and `odd()`
    /// tell inside it.
    struct ListElement {
        let index: Int
        let isLast: Bool
    }

    /// The templates partials and parents name.
    let templates: [String: [TemplateNode]]

    /// `nodes` rendered in `context`.
    func render(_ nodes: [TemplateNode], _ context: Context) -> String {
        var output = ""
        guard let indentation = context.indentation, !indentation.isEmpty else {
            for node in nodes { output += render(node, context) }
            return output
        }
        for node in nodes {
            let piece = render(node, context)
            if !piece.isEmpty, output.last == "\n" { output += indentation }
            output += piece
        }
        return output
    }

    private func render(_ node: TemplateNode, _ context: Context) -> String {
        switch node {
        case .text(let text):
            return text
        case .variable(let name, let isEscaped):
            guard let value = value(of: name, in: context) else { return "" }
            let text = Self.describe(value)
            return isEscaped ? HTMLEscaping.escapeText(text) : text
        case .section(let name, let body, let isInverted):
            let value = value(of: name, in: context)
            return isInverted ? renderInverted(body, on: value, context) : renderSection(body, on: value, context)
        case .block(let name, let body, let indentation):
            return render(context.overrides?[name] ?? body, context.including(indentation: indentation))
        case .partial(let name, let indentation):
            return templates[name].map { render($0, context.including(indentation: indentation)) } ?? ""
        case .parent(let name, let indentation, let overrides):
            return templates[name].map { render($0, context.including(indentation: indentation, overriding: overrides)) } ?? ""
        case .override:
            return ""
        }
    }

    /// A section's body: once per element of a list, once if true, once inside any other value, not for false or
    /// a missing value.
    private func renderSection(_ body: [TemplateNode], on value: Any?, _ context: Context) -> String {
        switch value {
        case let list as [Any]:
            var output = ""
            for (index, element) in list.enumerated() {
                output += render(body, context.entering(element, element: ListElement(index: index, isLast: index == list.count - 1)))
            }
            return output
        case let flag as Bool:
            return flag ? render(body, context) : ""
        case .some(let value):
            return render(body, context.entering(value))
        case .none:
            return ""
        }
    }

    /// An inverted section's body: once for false, a missing value or an empty list.
    private func renderInverted(_ body: [TemplateNode], on value: Any?, _ context: Context) -> String {
        switch value {
        case let list as [Any]:
            return list.isEmpty ? render(body, context.entering(list)) : ""
        case let flag as Bool:
            return flag ? "" : render(body, context)
        case .some:
            return ""
        case .none:
            return render(body, context)
        }
    }
}
