import CCurl

/// The body as it arrives, up to a limit: past it the transfer is stopped.
final class BodyCollector {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var isOverLimit = false

    init(limit: Int) {
        self.limit = limit
    }

    /// libcurl's write callback: appends, or answers 0 (stop) once the body passes the limit.
    static let write: deeplinkd_curl_write_callback = { data, size, count, context in
        guard let context else { return 0 }
        let collector = Unmanaged<BodyCollector>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard let data, length > 0 else { return length }
        let room = collector.limit - collector.bytes.count
        collector.bytes += UnsafeRawBufferPointer(start: data, count: min(length, max(room, 0)))
        guard length <= room else {
            collector.isOverLimit = true
            return 0
        }
        return length
    }
}
