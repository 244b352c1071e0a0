import CCurl

/// The body as it arrives, up to one byte past a limit: a body of exactly `limit` bytes is within it (Apple's
/// downloader cancels only one that exceeds 131,072 bytes), and the byte past it stops the transfer.
final class BodyCollector {
    /// The most bytes a body may have.
    let limit: Int
    private(set) var bytes: [UInt8] = []

    /// Whether the body went past the limit (the rest was not read).
    var isOverLimit: Bool { bytes.count > limit }

    init(limit: Int) {
        self.limit = limit
    }

    /// libcurl's write callback: appends up to one byte past the limit, then answers 0, which stops the transfer.
    static let write: deeplinkd_curl_write_callback = { data, size, count, context in
        guard let context else { return 0 }
        let collector = Unmanaged<BodyCollector>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard let data, length > 0 else { return length }
        let room = collector.limit + 1 - collector.bytes.count
        collector.bytes += UnsafeRawBufferPointer(start: data, count: min(length, max(room, 0)))
        return collector.isOverLimit ? 0 : length
    }
}
