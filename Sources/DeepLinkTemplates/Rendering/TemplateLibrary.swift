/// A checked set of templates by name (`TemplateLoader`), rendered by `TemplateRenderer`.
package struct TemplateLibrary: Sendable {
    /// Each template's nodes, by the name partials know it by.
    let templates: [String: [TemplateNode]]

    /// The template `name` rendered with `context` (the page's values), or nil when there is no such template.
    package func render(_ context: [String: Any], withTemplate name: String) -> String? {
        guard let nodes = templates[name] else { return nil }
        return TemplateRenderer(templates: templates).render(nodes, TemplateRenderer.Context(stack: [context]))
    }
}
