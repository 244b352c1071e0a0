/// Turns template text into a `TemplateLibrary` only once the set is proven renderable: each template parsed
/// (`TemplateParser`, in time linear in its length), the set checked for cycles, missing templates and
/// `TemplateLimits`, then every page rendered once with sample values.
package enum TemplateLoader {
    /// A template the set must have: its name, what it is for (a missing one is reported so), and the values to
    /// render it with once to prove it renders (nil for a template only others include, such as a layout).
    package struct Expected {
        package let name: String
        package let purpose: String
        package let sample: [String: Any]?

        /// A template named `name`, for `purpose`, rendered once with `sample` unless it is nil.
        package init(_ name: String, purpose: String, sample: [String: Any]?) {
            self.name = name
            self.purpose = purpose
            self.sample = sample
        }
    }

    /// The library of the templates in `directory`, or every problem found; `expected` lists the templates the set
    /// must have.
    package static func load(directory: String, expecting expected: [Expected]) -> (library: TemplateLibrary?, problems: [TemplateProblem]) {
        let (sources, unreadable) = TemplateSource.all(in: directory)
        let loaded = load(sources, directory: directory, expecting: expected)
        return unreadable.isEmpty ? loaded : (nil, unreadable + loaded.problems)
    }

    /// The library of `sources`, which must have the `expected` templates, or every problem found.
    package static func load(
        _ sources: [TemplateSource], directory: String, expecting expected: [Expected]
    ) -> (library: TemplateLibrary?, problems: [TemplateProblem]) {
        var problems: [TemplateProblem] = []
        var scanned: [(source: TemplateSource, scan: TemplateScan)] = []
        for source in sources {
            guard source.text.utf8.count <= TemplateLimits.size else {
                problems.append(TemplateLimits.sizeProblem(file: source.path, bytes: source.text.utf8.count))
                scanned.append((source, TemplateScan(problem: TemplateScan.Problem(line: 1, message: "too large"))))
                continue
            }
            let scan = TemplateParser.parse(source.text)
            if let problem = scan.problem {
                problems.append(TemplateProblem(file: source.path, line: problem.line, message: problem.message))
            }
            scanned.append((source, scan))
        }
        let names = Set(sources.map(\.name))
        let expected = expected.sorted { $0.name < $1.name }
        for template in expected where !names.contains(template.name) {
            problems.append(TemplateProblem(file: "\(directory)/\(template.name).mustache", line: nil, message: "missing (\(template.purpose))"))
        }
        let rendered = expected.compactMap { template in template.sample.map { (template.name, $0) } }
        let graph = TemplateGraph(scanned, directory: directory)
        problems += graph.problems
        let (cycles, order) = graph.cycles(first: rendered.map(\.0))
        problems += cycles
        guard problems.isEmpty else { return (nil, problems) }
        problems += graph.limitProblems(order: order)
        guard problems.isEmpty else { return (nil, problems) }

        let library = TemplateLibrary(templates: Dictionary(scanned.map { ($0.source.name, $0.scan.nodes) }, uniquingKeysWith: { first, _ in first }))
        for (page, sample) in rendered {
            let output = library.render(sample, withTemplate: page) ?? ""
            if output.allSatisfy(\.isWhitespace) {
                problems.append(TemplateProblem(file: "\(directory)/\(page).mustache", line: nil, message: "renders an empty page"))
            }
        }
        return problems.isEmpty ? (library, []) : (nil, problems)
    }
}
