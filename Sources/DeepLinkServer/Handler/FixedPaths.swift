import Glibc

/// The fixed paths of `Endpoint`'s table, arranged so that a request's path finds its endpoint in a few
/// instructions: by length, then by the first 8 bytes held as one number, then the rest compared.
///
/// `@unchecked Sendable`: its buffers are written once, in `init`, and only read afterwards. They are made once per
/// process (`Endpoint`'s table is a constant) and never freed, so reading them takes no reference count: with arrays,
/// the retains and releases of finding an endpoint cost a request more than the comparisons.
struct FixedPaths: @unchecked Sendable {
    /// A whole path: its length, its first 8 bytes as a number (padded with zeros), the bytes after those, and its
    /// endpoint.
    private struct Entry: Sendable {
        let length: Int
        let head: UInt64
        let path: StaticString
        let endpoint: Endpoint
    }

    /// The entries sorted by length (in table order within a length).
    private let entries: UnsafeBufferPointer<Entry>
    /// For each length `n`, where the entries of that length start; the run ends where length `n + 1`'s starts.
    private let starts: UnsafeBufferPointer<Int>

    /// The table `fixed`, each path whole.
    init(_ fixed: [(path: StaticString, endpoint: Endpoint)]) {
        let sorted = fixed.enumerated().sorted { ($0.element.path.utf8CodeUnitCount, $0.offset) < ($1.element.path.utf8CodeUnitCount, $1.offset) }
        let entries = sorted.map { _, entry in
            Entry(
                length: entry.path.utf8CodeUnitCount, head: Self.head(UnsafeBufferPointer(start: entry.path.utf8Start, count: entry.path.utf8CodeUnitCount)),
                path: entry.path, endpoint: entry.endpoint)
        }
        self.entries = Self.constant(entries)
        let longest = entries.last?.length ?? 0
        starts = Self.constant((0...longest + 1).map { length in entries.firstIndex { $0.length >= length } ?? entries.count })
    }

    /// `values` in memory of their own, never freed.
    private static func constant<Value>(_ values: [Value]) -> UnsafeBufferPointer<Value> {
        let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        return UnsafeBufferPointer(buffer)
    }

    /// The endpoint whose whole path `path` is, if any.
    func endpoint(of path: UnsafeBufferPointer<UInt8>) -> Endpoint? {
        guard path.count + 1 < starts.count, let start = path.baseAddress else { return nil }
        let head = Self.head(path)
        var index = starts[path.count]
        let end = starts[path.count + 1]
        while index < end {
            let entry = entries[index]
            if entry.head == head, path.count <= 8 || memcmp(entry.path.utf8Start + 8, start + 8, path.count - 8) == 0 { return entry.endpoint }
            index += 1
        }
        return nil
    }

    /// Whether `path` is longer than `prefix` and starts with it.
    static func starts(_ path: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard path.count > count, let start = path.baseAddress else { return false }
        return memcmp(prefix.utf8Start, start, count) == 0
    }

    /// The first 8 bytes of `bytes` (fewer when it is shorter, the rest zeros) as one number. Always inlined: a call
    /// cost finding an endpoint a fifth more instructions (callgrind).
    @inline(__always)
    private static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let start = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 { return UnsafeRawPointer(start).loadUnaligned(as: UInt64.self) }
        var head: UInt64 = 0
        for index in 0..<bytes.count { head |= UInt64(start[index]) << (8 * UInt64(index)) }
        return head
    }
}
