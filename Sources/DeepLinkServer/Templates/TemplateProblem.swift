/// A problem in a template set, printed as `FILE:LINE: message` like the config's diagnostics.
public struct TemplateProblem: Error, Equatable, CustomStringConvertible, Sendable {
    /// The template file, or the templates directory.
    public let file: String
    /// The line in `file`, when the problem has one.
    public let line: Int?
    /// What is wrong.
    public let message: String

    /// A problem at `line` of `file`, or with the whole file when `line` is nil.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE: message` without a line.
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
