import ServerPlatform

/// The landing pages compiled so far, by route and shape; made on first use, at most `capacity` of them. A site
/// has its own for each worker thread, so a reload starts afresh with the new templates.
final class CompiledPages: Sendable {
    static let capacity = 1024

    /// A route (its index in the table) and the shape of its URL values: two bits per value (absent, empty, other),
    /// as `LandingPage.key` works them out.
    struct Key: Hashable {
        let route: Int
        let shape: UInt64
    }

    /// Compiled pages, and nil for shapes whose page cannot be compiled.
    private let pages = PThreadMutex<[Key: CompiledPage?]>([:])

    /// The compiled page of `key` if it was compiled.
    func existingPage(for key: Key) -> CompiledPage? {
        pages.withLock { $0[key] ?? nil }
    }

    /// The compiled page of `key`, compiling it with `compile` the first time; nil when it cannot be compiled
    /// or the cache is full.
    func page(for key: Key, compile: () -> CompiledPage?) -> CompiledPage? {
        if let known = pages.withLock({ $0[key] }) { return known }
        let page = compile()
        pages.withLock { pages in
            if pages.count < Self.capacity { pages[key] = page }
        }
        return page
    }
}
