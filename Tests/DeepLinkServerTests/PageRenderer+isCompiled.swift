@testable import DeepLinkServer

extension PageRenderer {
    /// Whether a worker has compiled the page of the route at `route` (its index in the table) for URL values of the
    /// shape of `values` (the first request of that shape on a worker compiles it).
    func isCompiled(route: Int, values: [String?]) -> Bool {
        guard let key = CompiledPages.Key(route: route, values: values) else { return false }
        return compiled.contains { $0.existingPage(for: key) != nil }
    }
}
