import Mustache
import Testing

@testable import DeepLinkServer
@testable import DeepLinkTemplates

@Suite("Templates render the bytes swift-mustache rendered")
struct TemplateRendererTests {
    /// swift-mustache's renders, as deeplinkd made them before: each template after the content-type pragma,
    /// escaped byte by byte.
    struct Reference: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLEscaping.escapeText(text) }

        static func render(_ templates: [String: String], page: String, context: [String: Any]) -> String? {
            MustacheContentTypes.register(Reference(), named: HTMLEscaping.name)
            var library = MustacheLibrary()
            for (name, text) in templates {
                guard (try? library.register(HTMLEscaping.pragma + text, named: name)) != nil else { return nil }
            }
            return library.render(context, withTemplate: page)
        }
    }

    /// Ours, or nil when a template is refused.
    static func render(_ templates: [String: String], page: String, context: [String: Any]) -> String? {
        var parsed: [String: [TemplateNode]] = [:]
        for (name, text) in templates {
            let scan = TemplateParser.parse(text)
            guard scan.problem == nil else { return nil }
            parsed[name] = scan.nodes
        }
        return TemplateLibrary(templates: parsed).render(context, withTemplate: page)
    }

    static var context: [String: Any] { LandingTemplates.sampleContext("error") }

    @Test(
        "lines that hold only a tag, indentation, partials, parents and blocks come out as swift-mustache wrote them",
        arguments: [
            "a\n  {{#isSecret}}\nhidden\n  {{/isSecret}}\n  {{^isSecret}}\n  shown\n  {{/isSecret}}\nz\n",
            "{{#lang}}\n{{.}}\n{{/lang}}\n", "  {{>b}}\n{{>b}} after\n", "<ul>\r\n  {{#values}}\r\n  <li>{{id}}</li>\r\n  {{/values}}\r\n</ul>",
            "{{<layout}}\n{{$content}}\n    <p>{{appName}}</p>\n      <p>deeper</p>\n  <p>shallower</p>\n{{/content}}\n{{/layout}}\n",
            "{{! comment }}\n  {{! standalone }}  \nx {{! inline }} y\n", "{{=<% %>=}}\n<%appName%> {{appName}}\n<%={{ }}=%>\n{{appName}}",
            "{{{canonicalURL}}} {{&canonicalURL}} {{canonicalURL}} {{uppercased(appName)}} {{count(values)}} {{plusone(status)}}",
            "{{#values}}{{id}}{{.code}}{{lang}}{{/values}} {{values.token}} {{missing.deeper}} {{empty(appName)}}",
            "\n  {{#appURL}}\n    {{>b}}\n  {{/appURL}}\n", "first line {{#isSecret}}\n{{/isSecret}}\n", "   \n{{#lang}}\nx\n{{/lang}}",
            "{{\nappName}} {{", "{{$footer}}\n  default\n{{/footer}}\n  {{$footer}}inline{{/footer}}\n",
        ])
    func cases(page: String) throws {
        let templates = ["page": page, "b": "<b>\n{{appName}}\n</b>\n", "layout": "<main>\n  {{$content}}{{/content}}\n</main>\n"]
        let reference = try #require(Reference.render(templates, page: "page", context: Self.context))
        #expect(Self.render(templates, page: "page", context: Self.context) == reference)
    }

    @Test("2,000 generated template sets render the same bytes with both, or are refused by both")
    func generated() {
        var generator = TemplateGenerator(seed: 0x5eed)
        var compared = 0
        var refusedByBoth = 0
        var differences: [String] = []
        for _ in 0..<2_000 {
            let templates = generator.templateSet()
            let reference = Reference.render(templates, page: "page", context: Self.context)
            let ours = Self.render(templates, page: "page", context: Self.context)
            switch (reference, ours) {
            case (let reference?, let ours?):
                compared += 1
                if reference != ours { differences.append("\(templates)\nswift-mustache: \(reference.debugDescription)\nours: \(ours.debugDescription)") }
            case (nil, nil): refusedByBoth += 1
            default: differences.append("\(templates): only one refused (swift-mustache \(reference == nil ? "refused" : "rendered"))")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ; the first: \(differences.first ?? "")")
        #expect(compared > 1_800, "\(compared) compared, \(refusedByBoth) refused by both")
    }
}
