import AppRoutes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The count of malloc-family calls kept by the bench's malloc-counter.c when it is preloaded (LD_PRELOAD).
enum AllocationCounter {
    private typealias Reader = @convention(c) () -> UInt64

    /// The counter's reader, or nil when the counter is not preloaded.
    private static let reader: Reader? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "deeplinkd_bench_allocations") else { return nil }
        return unsafeBitCast(symbol, to: Reader.self)
    }()

    /// Allocations per URL of one pass over `urls` after a warm-up pass; NaN without the counter.
    static func perURL(_ urls: [String], _ parse: (String) -> DeepLink?) -> Double {
        guard let reader, !urls.isEmpty else { return .nan }
        _ = pass(urls, parse, count: 1)
        let before = reader()
        _ = pass(urls, parse, count: 1)
        return Double(reader() - before) / Double(urls.count)
    }
}
