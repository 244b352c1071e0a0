import ServerPlatform

/// The landing pages compiled so far, by route and shape; made on first use, at most `capacity` of them. A site
/// has its own, so a reload starts afresh with the new templates.
final class CompiledPages: Sendable {
    static let capacity = 1024

    /// A route (its index in the table) and the shape of its URL values: two bits per value (absent, empty, other).
    struct Key: Hashable {
        let route: Int
        let shape: UInt64

        /// The key of `values`, or nil when there are too many values for the shape to hold.
        init?(route: Int, values: [String?]) {
            guard values.count <= 32 else { return nil }
            var shape: UInt64 = 0
            for (index, value) in values.enumerated() {
                let state: UInt64 = value == nil ? 0 : value?.isEmpty == true ? 1 : 2
                shape |= state << (2 * UInt64(index))
            }
            self.init(route: route, shape: shape)
        }

        /// The key of the route at `route` and a shape already worked out.
        init(route: Int, shape: UInt64) {
            self.route = route
            self.shape = shape
        }
    }

    /// A compiled page and the sources of its values.
    typealias Entry = (page: CompiledPage, values: LandingValues)

    /// Compiled pages, and nil for shapes whose page cannot be compiled.
    private let pages = PThreadMutex<[Key: Entry?]>([:])

    /// The compiled page of `key` if it was compiled.
    func existingPage(for key: Key) -> Entry? {
        pages.withLock { $0[key] ?? nil }
    }

    /// The compiled page of `key`, compiling it with `compile` the first time; nil when it cannot be compiled
    /// or the cache is full.
    func page(for key: Key, compile: () -> Entry?) -> Entry? {
        if let known = pages.withLock({ $0[key] }) { return known }
        let page = compile()
        pages.withLock { pages in
            if pages.count < Self.capacity { pages[key] = page }
        }
        return page
    }
}
