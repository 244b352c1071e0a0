package import DeepLinkBytes

/// The bytes of a response body written in place for one request, and handed to libmicrohttpd without a copy: it
/// sends them from this very memory and lets go of it when the connection is done with them.
///
/// One allocation holds the count and the bytes. A `ManagedBuffer` cannot be `Sendable`; ``WrittenResponse``, which
/// carries it, is.
package final class ResponseBody: ManagedBuffer<ResponseBody.Layout, UInt8> {
    /// The count of bytes written, and the memory budget that holds them once libmicrohttpd has them.
    package struct Layout {
        var count: Int
        var budget: UnsafeMutableRawPointer?
    }

    /// A body of at most `capacity` bytes, written from the start by `write` through a writer that stops at
    /// `capacity`; what it wrote is sent.
    package static func write(capacity: Int, _ write: (inout ByteWriter) -> Void) -> ResponseBody {
        filled(capacity: capacity) { memory in
            var writer = ByteWriter(memory)
            write(&writer)
            return writer.count
        }
    }

    /// A body of at most `capacity` bytes written from the start of its memory by `fill`, which returns how many it
    /// wrote (at most `capacity`): for a writer that keeps its own count and checks its own room, as a page joined
    /// from pieces of known length does, with no `ByteWriter` per piece. What it says it wrote is sent.
    package static func filled(capacity: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> ResponseBody {
        let created = create(minimumCapacity: capacity) { _ in Layout(count: 0, budget: nil) }
        let body = unsafeDowncast(created, to: ResponseBody.self)
        let count = body.withUnsafeMutablePointerToElements { start in fill(UnsafeMutableBufferPointer(start: start, count: capacity)) }
        body.header.count = min(max(0, count), capacity)
        return body
    }

    /// A body holding a copy of `bytes`.
    package static func copying(_ bytes: [UInt8]) -> ResponseBody {
        write(capacity: bytes.count) { writer in writer.write(bytes) }
    }

    /// The number of bytes.
    package var count: Int { header.count }

    /// A copy of the bytes.
    package var bytes: [UInt8] {
        withUnsafeMutablePointerToElements { Array(UnsafeBufferPointer(start: $0, count: header.count)) }
    }
}
