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

    /// A body of at most `capacity` bytes: `write` gets them uninitialized and returns how many it wrote, from the
    /// start (at most `capacity`); only those are sent.
    package static func write(capacity: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> ResponseBody {
        let created = create(minimumCapacity: capacity) { _ in Layout(count: 0, budget: nil) }
        let body = unsafeDowncast(created, to: ResponseBody.self)
        let count = body.withUnsafeMutablePointerToElements { write(UnsafeMutableBufferPointer(start: $0, count: capacity)) }
        body.header.count = min(max(0, count), capacity)
        return body
    }

    /// A body holding a copy of `bytes`.
    package static func copying(_ bytes: [UInt8]) -> ResponseBody {
        write(capacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    /// The number of bytes.
    package var count: Int { header.count }

    /// A copy of the bytes.
    package var bytes: [UInt8] {
        withUnsafeMutablePointerToElements { Array(UnsafeBufferPointer(start: $0, count: header.count)) }
    }
}
