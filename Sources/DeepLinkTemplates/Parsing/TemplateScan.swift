/// What `TemplateParser` found in one template: its nodes, the templates and blocks it refers to, how deep its
/// sections nest, and the first problem that stopped the parse.
struct TemplateScan: Equatable, Sendable {
    /// A tag that renders another template (`{{>name}}`, `{{<name}}`) or a block (`{{$name}}`).
    struct Reference: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            /// `{{>name}}`: a partial.
            case partial
            /// `{{<name}}`: a parent whose blocks this template overrides.
            case parent
            /// `{{$name}}`: a block, rendered from its own body or from an override.
            case block
        }

        let kind: Kind
        let name: String
        let line: Int
        /// Sections open around the tag in its template.
        let depth: Int
        /// The block body the tag is in (an index into `blocks`), nil when it is in no block.
        let block: Int?
    }

    /// The body of a `{{$name}}` … `{{/name}}` section.
    struct Block: Equatable, Sendable {
        let name: String
        let line: Int
        /// Sections open around the block's tag.
        let depth: Int
        /// Sections nested inside the body, counted from the body.
        var deepest = 0
        /// The body's length in UTF-8 bytes.
        var size = 0
    }

    /// A problem, on the line of the tag at fault.
    struct Problem: Equatable, Sendable {
        let line: Int
        let message: String
    }

    /// The parsed template (empty when `problem` stopped the parse).
    var nodes: [TemplateNode] = []
    var references: [Reference] = []
    var blocks: [Block] = []
    /// The deepest nesting of sections.
    var deepest = 0
    /// The problem that stopped the scan: past it, tags cannot be told from text.
    var problem: Problem?
}
