import DeepLinkBytes
import DeepLinkRouting

/// The parts of a matched route's resolve-result JSON that every URL it matches shares, written once when the table
/// is built, so that a result writes them as bytes instead of escaping the same strings again:
///
/// - `head`: `,"matched":true,"route":NAME,"params":{`
/// - `middle`: `,"notification":…,"gate":…` and `,"feature":…` when the route requires one
/// - `universal`: `,"links":{"universal":"https://DOMAIN/` (the link's tail and `"` follow), or the same with `null`
/// - `app`: `,"app":"SCHEME://` (likewise), or `,"app":null`
///
/// All four are in one array, one after the other.
struct ResolvePieces: Sendable {
    private let bytes: [UInt8]
    private let headEnd: Int
    private let middleEnd: Int
    private let universalEnd: Int
    /// Whether a link follows `universal` and `app`, rather than `null`.
    let hasUniversal: Bool
    let hasApp: Bool

    init(route: Route, origins: LinkOrigins) {
        var bytes: [UInt8] = []
        func append(_ room: Int, _ write: (inout ByteWriter) -> Void) {
            ByteWriter.append(to: &bytes, capacity: room, write)
        }
        func string(_ text: String?) -> Int { ByteWriter.jsonStringCapacity(text?.utf8.count ?? 0) }
        append(64 + string(route.name)) { writer in
            writer.write(#","matched":true,"route":"#)
            writer.writeJSONString(route.name)
            writer.write(#","params":{"#)
        }
        headEnd = bytes.count
        append(64 + string(route.notification) + string(route.gate) + string(route.feature)) { writer in
            writer.write(#","notification":"#)
            Self.write(route.notification, into: &writer)
            writer.write(#","gate":"#)
            Self.write(route.gate, into: &writer)
            guard let feature = route.feature else { return }
            writer.write(#","feature":"#)
            writer.writeJSONString(feature)
        }
        middleEnd = bytes.count
        append(64 + string(origins.universal)) { writer in
            writer.write(#","links":{"universal":"#)
            Self.writeOrigin(origins.universal, into: &writer)
        }
        universalEnd = bytes.count
        append(64 + string(origins.app)) { writer in
            writer.write(#","app":"#)
            Self.writeOrigin(origins.app, into: &writer)
        }
        self.bytes = bytes
        hasUniversal = origins.universal != nil
        hasApp = origins.app != nil
    }

    /// Calls `body` with the four pieces.
    func withPieces<Result>(
        _ body: (
            _ head: UnsafeBufferPointer<UInt8>, _ middle: UnsafeBufferPointer<UInt8>, _ universal: UnsafeBufferPointer<UInt8>, _ app: UnsafeBufferPointer<UInt8>
        )
            -> Result
    ) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            body(
                UnsafeBufferPointer(rebasing: bytes[..<headEnd]), UnsafeBufferPointer(rebasing: bytes[headEnd..<middleEnd]),
                UnsafeBufferPointer(rebasing: bytes[middleEnd..<universalEnd]), UnsafeBufferPointer(rebasing: bytes[universalEnd...]))
        }
    }

    private static func write(_ text: String?, into writer: inout ByteWriter) {
        guard let text else { return writer.write("null") }
        writer.writeJSONString(text)
    }

    /// The opening quote and the escaped origin, or `null`.
    private static func writeOrigin(_ origin: String?, into writer: inout ByteWriter) {
        guard let origin else { return writer.write("null") }
        writer.write(UInt8(ascii: "\""))
        writer.writeJSONEscaped(origin)
    }
}
