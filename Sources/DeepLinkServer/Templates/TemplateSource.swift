import DeepLinkConfig
import ServerPlatform

/// A template's text, the name partials know it by (its file name without `.mustache`) and its file.
struct TemplateSource {
    let name: String
    let path: String
    let text: String

    /// Every `*.mustache` file in `directory`, and the problems of those that cannot be read: unreadable, larger
    /// than `TemplateLimits.size` (refused before reading it as text), or not UTF-8.
    static func all(in directory: String) -> (sources: [TemplateSource], problems: [TemplateProblem]) {
        guard let names = FileSystem.entries(of: directory) else {
            return ([], [TemplateProblem(file: directory, line: nil, message: "cannot read the templates directory")])
        }
        var sources: [TemplateSource] = []
        var problems: [TemplateProblem] = []
        for name in names where name.hasSuffix(".mustache") {
            let path = directory + "/" + name
            guard let bytes = try? FileSystem.contents(of: path) else {
                problems.append(TemplateProblem(file: path, line: nil, message: "cannot read the template"))
                continue
            }
            guard bytes.count <= TemplateLimits.size else {
                problems.append(TemplateLimits.sizeProblem(file: path, bytes: bytes.count))
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                problems.append(TemplateProblem(file: path, line: nil, message: "the template is not UTF-8 text"))
                continue
            }
            sources.append(TemplateSource(name: String(name.dropLast(".mustache".count)), path: path, text: text))
        }
        return (sources, problems)
    }
}
