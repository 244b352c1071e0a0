import ServerPlatform

/// A template's text, the name partials know it by (its file name without `.mustache`) and its file.
package struct TemplateSource {
    package let name: String
    package let path: String
    package let text: String

    /// The template `name`, read from `path`, whose text is `text`.
    package init(name: String, path: String, text: String) {
        self.name = name
        self.path = path
        self.text = text
    }

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
