/// A problem in a template set, printed as `FILE:LINE: message` like the config's diagnostics.
package struct TemplateProblem: Error, Equatable, CustomStringConvertible, Sendable {
    /// The template file, or the templates directory.
    package let file: String
    /// The line in `file`, when the problem has one.
    package let line: Int?
    /// What is wrong.
    package let message: String

    /// A problem at `line` of `file`, or with the whole file when `line` is nil.
    package init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE: message` without a line.
    package var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
