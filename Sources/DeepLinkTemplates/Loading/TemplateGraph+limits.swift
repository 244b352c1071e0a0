/// How deep and how large each page of an acyclic template graph can render.
extension TemplateGraph {
    /// The problems of the templates that reach past `TemplateLimits.renderDepth`, `.chain` or `.expansion`, each
    /// reported once, at the template where it starts (not again at every template that includes it). `order` puts
    /// every node after the nodes it leads to.
    func limitProblems(order: [Int]) -> [TemplateProblem] {
        let count = labels.count
        var depth = ownDepth
        var deepest = [Int?](repeating: nil, count: count)
        var chain = [Int](repeating: 0, count: count)
        var longest = [Int?](repeating: nil, count: count)
        var size = ownSize
        for node in order {
            for (number, edge) in edges[node].enumerated() {
                let through = edge.depth + 1 + depth[edge.target]
                if through > depth[node] {
                    depth[node] = through
                    deepest[node] = number
                }
                if chain[edge.target] > chain[node] {
                    chain[node] = chain[edge.target]
                    longest[node] = number
                }
                // Saturates just past the limit: a set can include a partial many times, many times over.
                size[node] = min(size[node] + size[edge.target], TemplateLimits.expansion + 1)
            }
            if isTemplate(node) { chain[node] += 1 }
        }
        var problems: [TemplateProblem] = []
        for node in 0..<templateCount {
            if depth[node] > TemplateLimits.renderDepth, !hasIncluder(of: node, over: TemplateLimits.renderDepth, in: depth) {
                let line = deepest[node].map { edges[node][$0].line }
                let message = "'\(labels[node])' nests \(depth[node]) sections deep with what it includes, more than \(TemplateLimits.renderDepth)"
                problems.append(TemplateProblem(file: files[node], line: line, message: message))
            }
            if chain[node] > TemplateLimits.chain, !hasIncluder(of: node, over: TemplateLimits.chain, in: chain) {
                var path = [node]
                while let number = longest[path[path.count - 1]] { path.append(edges[path[path.count - 1]][number].target) }
                let names = path.map { labels[$0] }.joined(separator: " → ")
                let message = "partials nest \(chain[node]) templates deep, more than \(TemplateLimits.chain): \(names)"
                problems.append(TemplateProblem(file: files[node], line: longest[node].map { edges[node][$0].line }, message: message))
            }
            if size[node] > TemplateLimits.expansion, !hasIncluder(of: node, over: TemplateLimits.expansion, in: size) {
                let message =
                    "'\(labels[node])' renders more than \(TemplateLimits.expansion) bytes of template text, counting each partial, parent and block every time it is included"
                problems.append(TemplateProblem(file: files[node], line: nil, message: message))
            }
        }
        return problems
    }

    /// Whether a node that leads to `node` is itself past `limit` in `values`.
    private func hasIncluder(of node: Int, over limit: Int, in values: [Int]) -> Bool {
        edges.indices.contains { from in values[from] > limit && edges[from].contains { $0.target == node } }
    }
}
