/// The templates of a set and the blocks they define, joined by the tags that render one inside another: a partial
/// or parent tag leads to a template, a `{{$name}}` tag to every body of that block (any of them may override it).
/// Checked for cycles first, then, once it is known to be acyclic, for how deep and how large a page can get.
struct TemplateGraph {
    /// A tag that renders `target` inside a node.
    struct Edge {
        let target: Int
        let file: String
        let line: Int
        /// Sections open around the tag, in the node it is in.
        let depth: Int
    }

    /// Template names, then block names shown as `$name`.
    private(set) var labels: [String] = []
    private(set) var templateCount = 0
    private(set) var edges: [[Edge]] = []
    /// For each node, how deep its own sections nest and how many bytes of text it has.
    private(set) var ownDepth: [Int] = []
    private(set) var ownSize: [Int] = []
    /// Each template's file.
    private(set) var files: [String] = []
    /// References to templates that do not exist.
    private(set) var problems: [TemplateProblem] = []

    /// The graph of `templates`, scanned; a template whose scan stopped at a problem has no edges.
    init(_ templates: [(source: TemplateSource, scan: TemplateScan)], directory: String) {
        let templates = templates.sorted { $0.source.name < $1.source.name }
        templateCount = templates.count
        var index: [String: Int] = [:]
        for (number, template) in templates.enumerated() {
            index[template.source.name] = number
            labels.append(template.source.name)
            files.append(template.source.path)
            ownDepth.append(template.scan.deepest)
            ownSize.append(template.source.text.utf8.count)
        }
        var blockIndex: [String: Int] = [:]
        for template in templates where template.scan.problem == nil {
            for block in template.scan.blocks where blockIndex[block.name] == nil {
                blockIndex[block.name] = labels.count
                labels.append("$" + block.name)
                ownDepth.append(0)
                ownSize.append(0)
            }
        }
        edges = Array(repeating: [], count: labels.count)
        for (number, template) in templates.enumerated() where template.scan.problem == nil {
            let scan = template.scan
            for block in scan.blocks {
                guard let node = blockIndex[block.name] else { continue }
                ownDepth[node] = max(ownDepth[node], block.deepest)
                ownSize[node] = ownSize[node] &+ block.size
            }
            for reference in scan.references {
                let target: Int
                if reference.kind == .block, let block = blockIndex[reference.name] {
                    target = block
                } else if reference.kind != .block, let found = index[reference.name] {
                    target = found
                } else {
                    let kind = reference.kind == .parent ? "parent" : "partial"
                    let message = "\(kind) '\(reference.name)' does not exist: there is no \(directory)/\(reference.name).mustache"
                    problems.append(TemplateProblem(file: template.source.path, line: reference.line, message: message))
                    continue
                }
                var from = number
                var depth = reference.depth
                if let body = reference.block, let node = blockIndex[scan.blocks[body].name] {
                    from = node
                    depth = reference.depth - scan.blocks[body].depth - 1
                }
                edges[from].append(Edge(target: target, file: template.source.path, line: reference.line, depth: depth))
            }
        }
    }

    /// Whether `node` is a template (not a block).
    func isTemplate(_ node: Int) -> Bool { node < templateCount }

    /// Every cycle found by a depth-first walk from the templates named `first` (the pages), then from every other
    /// node, as a problem at the tag that starts it; and the nodes in an order where each comes after every node it
    /// leads to (meaningful only without cycles).
    func cycles(first: [String]) -> (problems: [TemplateProblem], order: [Int]) {
        var state = [UInt8](repeating: 0, count: labels.count)  // 0: not seen, 1: on the walk's path, 2: done
        var order: [Int] = []
        var problems: [TemplateProblem] = []
        let pages = first.compactMap { name in labels[..<templateCount].firstIndex(of: name) }
        for root in pages + labels.indices where state[root] == 0 {
            var path: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = path.last {
                guard top.next < edges[top.node].count else {
                    state[top.node] = 2
                    order.append(top.node)
                    path.removeLast()
                    continue
                }
                let target = edges[top.node][top.next].target
                path[path.count - 1].next += 1
                if state[target] == 0 {
                    state[target] = 1
                    path.append((target, 0))
                } else if state[target] == 1, let first = path.firstIndex(where: { $0.node == target }) {
                    let start = edges[path[first].node][path[first].next - 1]
                    let chain = (path[first...].map(\.node) + [target]).map { labels[$0] }.joined(separator: " → ")
                    let kind = isTemplate(target) ? "partial" : "block"
                    let name = isTemplate(target) ? labels[target] : String(labels[target].dropFirst())
                    problems.append(TemplateProblem(file: start.file, line: start.line, message: "\(kind) '\(name)' includes itself: \(chain)"))
                }
            }
        }
        return (problems, order)
    }
}
