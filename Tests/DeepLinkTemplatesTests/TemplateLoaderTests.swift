import Foundation
import Mustache
import Testing

@testable import DeepLinkServer
@testable import DeepLinkTemplates

/// Template sets that would crash swift-mustache, or render something else than the operator wrote, are refused
/// when they load, with the file and line at fault.
@Suite("Template loading")
struct TemplateLoaderTests {
    @Test(
        "a template that includes itself, directly, through others or through a parent, is refused with its chain",
        arguments: [
            (["page": "<p>\n{{>page}}\n"], "T/page.mustache:2: partial 'page' includes itself: page → page"),
            (["page": "{{>b}}", "b": "b\n{{>page}}"], "T/page.mustache:1: partial 'page' includes itself: page → b → page"),
            (
                ["page": "{{>b}}", "b": "{{>c}}", "c": "\n\n{{>page}}"],
                "T/page.mustache:1: partial 'page' includes itself: page → b → c → page"
            ),
            (["page": "{{<b}}{{/b}}", "b": "{{>page}}"], "T/page.mustache:1: partial 'page' includes itself: page → b → page"),
            (["page": "{{<b}}{{/b}}", "b": "{{<page}}{{/page}}"], "T/page.mustache:1: partial 'page' includes itself: page → b → page"),
            (["page": "{{<layout}}{{/layout}}", "layout": "{{>page}}"], "T/layout.mustache:1: partial 'layout' includes itself: layout → page → layout"),
            (["page": "{{=<% %>=}}\n<%>page%>"], "T/page.mustache:2: partial 'page' includes itself: page → page"),
            // Delimiters set in a section are in force only until it closes.
            (["page": "{{#a}}{{=<% %>=}}<%/a%>\n{{>page}}"], "T/page.mustache:2: partial 'page' includes itself: page → page"),
            (
                ["page": "{{<layout}}{{$content}}{{$content}}x{{/content}}{{/content}}{{/layout}}"],
                "T/page.mustache:1: block 'content' includes itself: $content → $content"
            ),
            (
                ["page": "{{<layout}}{{$content}}{{>b}}{{/content}}{{/layout}}", "b": "{{$content}}{{/content}}"],
                "T/page.mustache:1: block 'content' includes itself: $content → b → $content"
            ),
        ])
    func cycles(templates: [String: String], problem: String) {
        #expect(TemplateSetFixture.problems(templates) == [problem])
    }

    @Test(
        "unbalanced, mismatched and malformed tags are refused at their line",
        arguments: [
            ("{{#a}}\n{{/b}}", "T/page.mustache:2: closing tag 'b' does not match section 'a' opened on line 1"),
            ("x\n{{/a}}", "T/page.mustache:2: closing tag 'a' closes no open section"),
            ("{{#a}}\n{{^b}}{{/b}}", "T/page.mustache:1: section 'a' is never closed"),
            ("{{<layout}}\n", "T/page.mustache:1: section 'layout' is never closed"),
            ("\n{{#a}", "T/page.mustache:2: unfinished tag: expected '}}'"),
            ("{{! never closed }", "T/page.mustache:1: comment is never closed: expected '}}'"),
            ("{{=<%>=}}", "T/page.mustache:1: invalid set-delimiter tag: expected '=START END=}}'"),
            ("{{{x}}", "T/page.mustache:1: unfinished tag: expected '}}}'"),
            ("{{>*name}}", "T/page.mustache:1: dynamic partial '*name' is not supported: name the template"),
            ("{{<*name}}{{/*name}}", "T/page.mustache:1: dynamic parent '*name' is not supported: name the template"),
            (
                "{{#reversed(appName)}}x{{/reversed(appName)}}",
                "T/page.mustache:1: section 'reversed(appName)' repeats its content for each element of 'reversed(…)': pages have no lists"
            ),
            ("x\n{{uppercased(appName}}", "T/page.mustache:2: malformed name 'uppercased(appName': a transform is written transform(name)"),
            ("{{#a)}}{{/a)}}", "T/page.mustache:1: malformed name 'a)': a transform is written transform(name)"),
            (
                "{{<layout}}\n{{$content}}x{{/content}}\n{{appName}}\n{{/layout}}",
                "T/page.mustache:1: parent 'layout' may hold only blocks ({{$name}}…{{/name}}) and blank text"
            ),
            ("{{<layout}}{{% CONTENT_TYPE: HTML }}{{/layout}}", "T/page.mustache:1: parent 'layout' may hold only blocks ({{$name}}…{{/name}}) and blank text"),
            ("{{$upper(x)}}{{/upper(x)}}", "T/page.mustache:1: block 'upper(x)' cannot take a transform"),
            ("\n\n{{% CONTENT_TYPE: TEXT }}", "T/page.mustache:3: content type 'TEXT' would write values into pages unescaped: pages are HTML"),
            ("{{% CHARSET: UTF8 }}", "T/page.mustache:1: unknown pragma 'CHARSET: UTF8': only 'CONTENT_TYPE: HTML' is known"),
        ])
    func malformed(page: String, problem: String) {
        #expect(TemplateSetFixture.problems(["page": page]) == [problem])
    }

    @Test("a partial or parent that does not exist is refused (swift-mustache would render it as nothing)")
    func missing() throws {
        #expect(
            TemplateSetFixture.problems(["page": "{{>nope}}\n{{<gone}}{{/gone}}"]) == [
                "T/page.mustache:1: partial 'nope' does not exist: there is no T/nope.mustache",
                "T/page.mustache:2: parent 'gone' does not exist: there is no T/gone.mustache",
            ])
        #expect(TemplateSetFixture.problems([:]) == ["T/page.mustache: missing (a route's landing page)"])
        let library = try #require(TemplateSetFixture.load(["page": "<p>"]).library)
        #expect(library.render([:], withTemplate: "nope") == nil)
    }

    @Test("a page that renders nothing is refused")
    func empty() {
        #expect(TemplateSetFixture.problems(["page": " \n{{appStoreURL(empty)}}"]) == ["T/page.mustache: renders an empty page"])
    }

    @Test("tags after a delimiter change are read with the new delimiters, and comments hide their text")
    func delimiters() throws {
        let library = try #require(
            TemplateSetFixture.load(["page": "{{=<% %>=}}{{>page}}<%={{ }}=%>{{! {{>page }}{{#values}}[{{id}}]{{/values}}"]).library)
        #expect(library.render(LandingTemplates.sampleContext("page"), withTemplate: "page") == "{{>page}}[1]")
    }

    @Test("every content type a template may name escapes byte by byte, and text ending in a lone '{' is text")
    func contentTypes() throws {
        let page = "{{% CONTENT_TYPE: HTML }}<a title=\"{{values.code}}\">{{{values.code}}}</a> {"
        let library = try #require(TemplateSetFixture.load(["page": page]).library)
        var context = LandingTemplates.sampleContext("page")
        context["values"] = ["code": "\"\u{301} onmouseover=x"]
        #expect(library.render(context, withTemplate: "page") == "<a title=\"&quot;\u{301} onmouseover=x\">\"\u{301} onmouseover=x</a> {")
    }

    @Test("the shipped templates load")
    func shipped() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Public/templates").path
        #expect(LandingTemplates.problems(inDirectory: directory, landings: ["charger", "magicLink", "qrSignIn"]) == [])
    }
}
