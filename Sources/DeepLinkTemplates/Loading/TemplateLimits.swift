/// How large and how deep a template set may be. Far above what a page needs (the shipped pages nest 3 sections
/// deep in 2 templates), and far below what would exhaust a thread's stack or the memory while swift-mustache
/// parses or renders.
enum TemplateLimits {
    /// The largest template file, in bytes (256 KiB).
    static let size = 256 * 1024
    /// The deepest nesting of sections (`#`, `^`, `$`, `<`) in one template.
    static let nesting = 64
    /// The longest chain of partials and parents, counting the page itself.
    static let chain = 16
    /// The deepest nesting of a page with everything it renders: its sections, and those of the partials, parents
    /// and blocks it includes.
    static let renderDepth = 128
    /// The most template text a page can render, counting each partial, parent and block every time it is
    /// included (1 MiB).
    static let expansion = 1024 * 1024

    /// The problem of a template of `bytes` bytes, more than `size`.
    static func sizeProblem(file: String, bytes: Int) -> TemplateProblem {
        TemplateProblem(file: file, line: nil, message: "the template has \(bytes) bytes, more than \(size)")
    }
}
