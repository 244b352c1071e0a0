/// Turns template text into a `TemplateLibrary` only once the set is proven renderable: each template parsed
/// (`TemplateParser`, in time linear in its length), the set checked for cycles, missing templates and
/// `TemplateLimits`, then every page rendered once with sample values.
package enum TemplateLoader {
    /// The problems of the templates in `directory` (a `Public/templates`) for a table whose routes name
    /// `landings`; empty when the set loads.
    package static func problems(inDirectory directory: String, landings: [String]) -> [TemplateProblem] {
        load(directory: directory, landings: landings).problems
    }

    /// The library of the templates in `directory`, or every problem found.
    static func load(directory: String, landings: [String]) -> (library: TemplateLibrary?, problems: [TemplateProblem]) {
        let (sources, unreadable) = TemplateSource.all(in: directory)
        let loaded = load(sources, directory: directory, pages: landings)
        return unreadable.isEmpty ? loaded : (nil, unreadable + loaded.problems)
    }

    /// The library of `sources`, whose `pages` (and `error` and `layout`) must exist, or every problem found.
    static func load(_ sources: [TemplateSource], directory: String, pages: [String]) -> (library: TemplateLibrary?, problems: [TemplateProblem]) {
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
        for page in Set(pages + ["layout", "error"]).sorted() where !names.contains(page) {
            problems.append(TemplateProblem(file: "\(directory)/\(page).mustache", line: nil, message: "missing (\(Self.purpose(of: page)))"))
        }
        let graph = TemplateGraph(scanned, directory: directory)
        problems += graph.problems
        let (cycles, order) = graph.cycles(first: Set(pages + ["error"]).sorted())
        problems += cycles
        guard problems.isEmpty else { return (nil, problems) }
        problems += graph.limitProblems(order: order)
        guard problems.isEmpty else { return (nil, problems) }

        let library = TemplateLibrary(templates: Dictionary(scanned.map { ($0.source.name, $0.scan.nodes) }, uniquingKeysWith: { first, _ in first }))
        for page in Set(pages + ["error"]).sorted() {
            let rendered = library.render(sampleContext(page), withTemplate: page) ?? ""
            if rendered.allSatisfy(\.isWhitespace) {
                problems.append(TemplateProblem(file: "\(directory)/\(page).mustache", line: nil, message: "renders an empty page"))
            }
        }
        return problems.isEmpty ? (library, []) : (nil, problems)
    }

    private static func purpose(of page: String) -> String {
        switch page {
        case "layout": "the pages' layout"
        case "error": "the page of unknown links"
        default: "a route's landing page"
        }
    }

    /// Values of the shape a page sees (`LandingPage.context`, `PageRenderer.errorPage`), with every key set.
    static func sampleContext(_ page: String) -> [String: Any] {
        var context: [String: Any] = [
            "lang": "en", "appName": "Sample <App> & \"Co\"", "route": page, "isSecret": false,
            "appStoreURL": "https://apps.apple.com/app/id1", "smartAppBanner": "app-id=1, app-argument=https://links.example.com/x/1",
            "canonicalURL": "https://links.example.com/x/1?q=a&b='c'", "appURL": "sample://x/1",
            "values": ["id": "1", "code": "a\"b", "token": "t<o>k"],
            "stylesheet": "/static/deeplinkd.css?v=1", "icon": "/static/icon.svg?v=1",
        ]
        if page == "error" {
            context["title"] = "Link not found"
            context["message"] = "This link is not one Sample knows."
            context["status"] = 404
        }
        return context
    }
}
