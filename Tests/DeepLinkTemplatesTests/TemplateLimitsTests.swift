import Mustache
import Testing

@testable import DeepLinkServer
@testable import DeepLinkTemplates

/// The limits of `TemplateLimits`, each just under (loads and renders) and just over (refused, quickly).
@Suite("Template limits")
struct TemplateLimitsTests {
    typealias Fixture = TemplateSetFixture

    @Test("sections nest 64 deep in a template, not 65")
    func nesting() throws {
        let library = try #require(Fixture.load(["page": Fixture.nested(64)]).library)
        #expect(library.render(LandingTemplates.sampleContext("page"), withTemplate: "page")?.contains("x") == true)
        #expect(Fixture.problems(["page": Fixture.nested(65)]) == ["T/page.mustache:65: sections nest more than 64 deep"])
    }

    @Test(
        "thousands of nested sections, which crash swift-mustache's parser, are refused in well under a second",
        arguments: [
            (3_000, "T/page.mustache:65: sections nest more than 64 deep"),
            (12_000, "T/page.mustache:65: sections nest more than 64 deep"),
            (100_000, "T/page.mustache: the template has 1900002 bytes, more than 262144"),
        ])
    func deepNesting(levels: Int, problem: String) {
        let start = ContinuousClock.now
        #expect(Fixture.problems(["page": Fixture.nested(levels)]) == [problem])
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("partials nest 16 templates deep, not 17")
    func chain() {
        func chain(_ length: Int) -> [String: String] {
            var templates = ["page": "{{>t1}}\n", "t\(length - 1)": "end"]
            for number in 1..<(length - 1) { templates["t\(number)"] = "{{>t\(number + 1)}}" }
            return templates
        }
        #expect(Fixture.problems(chain(16)) == [])
        let names = (["page"] + (1...16).map { "t\($0)" }).joined(separator: " → ")
        #expect(Fixture.problems(chain(17)) == ["T/page.mustache:1: partials nest 17 templates deep, more than 16: \(names)"])
    }

    @Test("a page nests 128 sections deep with what it includes, not 129")
    func renderDepth() throws {
        func set(_ last: Int) -> [String: String] {
            ["page": Fixture.nested(60, inner: "{{>b}}"), "b": Fixture.nested(60, inner: "{{>c}}"), "c": Fixture.nested(last)]
        }
        let library = try #require(Fixture.load(set(6)).library)
        #expect(library.render(LandingTemplates.sampleContext("page"), withTemplate: "page")?.contains("x") == true)
        #expect(Fixture.problems(set(7)) == ["T/page.mustache:61: 'page' nests 129 sections deep with what it includes, more than 128"])
    }

    @Test(
        "a page renders at most 1 MiB of template text, however many times it includes a partial or a block",
        arguments: [
            (["page": "{{>b}}", "b": String(repeating: "{{>c}}", count: 17), "c": String(repeating: "x", count: 60_000)], true),
            (["page": "{{>b}}", "b": String(repeating: "{{>c}}", count: 18), "c": String(repeating: "x", count: 60_000)], false),
            (
                [
                    "page": "{{<layout}}{{$content}}\(String(repeating: "x", count: 10_000)){{/content}}{{/layout}}",
                    "layout": String(repeating: "{{$content}}{{/content}}", count: 200), "error": "{{title}}",
                ], false
            ),
            // 2^14 copies of 40,000 bytes, refused without rendering them.
            (
                Dictionary(
                    uniqueKeysWithValues: (0..<14).map { ("d\($0)", "{{>d\($0 + 1)}}{{>d\($0 + 1)}}") } + [
                        ("d14", String(repeating: "x", count: 40_000)), ("page", "{{>d0}}"),
                    ]), false
            ),
        ])
    func expansion(templates: [String: String], loads: Bool) {
        let problem =
            "T/page.mustache: 'page' renders more than 1048576 bytes of template text, counting each partial, parent and block every time it is included"
        #expect(Fixture.problems(templates) == (loads ? [] : [problem]))
    }
}
