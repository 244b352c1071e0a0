@testable import DeepLinkServer
@testable import DeepLinkTemplates

/// A template set in memory: a minimal layout and error page, plus the templates a test gives; the landing page
/// is `page`. Files are named `T/<name>.mustache`.
enum TemplateSetFixture {
    static let base = [
        "layout": "<main>{{$content}}{{/content}}</main>\n",
        "error": "{{<layout}}{{$content}}{{title}}{{/content}}{{/layout}}\n",
    ]

    /// The problems of the set, as `check` prints them.
    static func problems(_ templates: [String: String], pages: [String] = ["page"]) -> [String] {
        load(templates, pages: pages).problems.map(\.description)
    }

    /// The set, loaded.
    static func load(_ templates: [String: String], pages: [String] = ["page"]) -> (library: TemplateLibrary?, problems: [TemplateProblem]) {
        let sources = base.merging(templates) { _, given in given }.sorted { $0.key < $1.key }
            .map { TemplateSource(name: $0.key, path: "T/\($0.key).mustache", text: $0.value) }
        return TemplateLoader.load(sources, directory: "T", expecting: LandingTemplates.expected(landings: pages))
    }

    /// `count` sections (on `lang`, which the sample context sets), each opening on a line of its own, then their
    /// closing tags; `inner` in the middle.
    static func nested(_ count: Int, inner: String = "x") -> String {
        String(repeating: "{{#lang}}\n", count: count) + inner + String(repeating: "{{/lang}}", count: count) + "\n"
    }
}
