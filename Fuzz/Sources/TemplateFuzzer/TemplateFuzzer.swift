import DeepLinkTemplates
import FuzzSupport
import Mustache

@testable import DeepLinkServer

/// One fuzz input: templates separated by NUL bytes, named `page`, `layout`, `error`, `a`, `b`, … in that order
/// (`layout` and `error` get a minimal template when the input has fewer pieces), loaded as a set whose landing is
/// `page`. The loader either refuses the set or gives one whose every template renders: a crash, a hang or a
/// runaway allocation here is a template the loader should have refused.
@main
enum TemplateFuzzer {
    static func main() {
        Fuzzer.run(templateFuzzerTestOneInput)
    }

    static let names = ["page", "layout", "error", "a", "b", "c", "d", "e"]

    static let defaults = [
        "layout": "<main>{{$content}}{{/content}}</main>",
        "error": "{{<layout}}{{$content}}{{title}}{{/content}}{{/layout}}",
    ]
}

/// libFuzzer's callback; also exported under the name libFuzzer's own `main` object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
package func templateFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let pieces = text(data, size).split(separator: "\0", maxSplits: TemplateFuzzer.names.count - 1, omittingEmptySubsequences: false)
    var templates = TemplateFuzzer.defaults
    for (name, piece) in zip(TemplateFuzzer.names, pieces) { templates[name] = String(piece) }
    let sources = templates.sorted { $0.key < $1.key }.map { TemplateSource(name: $0.key, path: "T/\($0.key).mustache", text: $0.value) }
    let (library, problems) = TemplateLoader.load(sources, directory: "T", expecting: LandingTemplates.expected(landings: ["page"]))
    invariant((library == nil) != problems.isEmpty, "the loader gave a library and problems, or neither: \(problems)")
    for problem in problems {
        invariant(problem.file.hasPrefix("T/"), "a problem names no template: \(problem)")
        invariant(problem.line.map { $0 >= 1 } ?? true, "a problem names line 0: \(problem)")
    }
    guard let library else { return 0 }
    for name in templates.keys.sorted() {
        for page in [name, "error"] {
            invariant(library.render(LandingTemplates.sampleContext(page), withTemplate: name) != nil, "template '\(name)' is not in the library")
        }
    }
    return 0
}
