/// Bytes that grow as they are written, each write given its room beforehand and filled through a ``ByteWriter``:
/// one capacity check per write instead of one array append per piece.
///
/// A value type: copies share the storage until one of them writes (copy on write).
///
/// `@unchecked Sendable` because the storage class is not `Sendable`. It is safe: the storage is only written
/// through `write`, which first copies it unless this value holds the only reference (`isKnownUniquelyReferenced`),
/// so storage another value (on another thread) can see is never written.
struct GrowableBytes: @unchecked Sendable {
    /// The bytes, `count` of them written, behind a header holding that count.
    private final class Storage: ManagedBuffer<Int, UInt8> {}

    private var storage: Storage

    init(capacity: Int = 256) {
        storage = Self.makeStorage(capacity: capacity)
    }

    /// The number of bytes written.
    var count: Int { storage.header }

    /// The bytes written, as an array.
    var bytes: [UInt8] {
        storage.withUnsafeMutablePointers { count, elements in Array(UnsafeBufferPointer(start: elements, count: count.pointee)) }
    }

    /// The bytes written, as text (invalid UTF-8 repaired).
    var text: String {
        storage.withUnsafeMutablePointers { count, elements in String(decoding: UnsafeBufferPointer(start: elements, count: count.pointee), as: UTF8.self) }
    }

    /// Lets `body` write at most `room` bytes after those already written.
    mutating func write(room: Int, _ body: (inout ByteWriter) -> Void) {
        let needed = count + max(0, room)
        if !isKnownUniquelyReferenced(&storage) || needed > storage.capacity {
            let grown = Self.makeStorage(capacity: max(needed, 2 * storage.capacity))
            storage.withUnsafeMutablePointers { count, elements in
                grown.withUnsafeMutablePointers { grownCount, grownElements in
                    grownElements.initialize(from: elements, count: count.pointee)
                    grownCount.pointee = count.pointee
                }
            }
            storage = grown
        }
        storage.withUnsafeMutablePointers { count, elements in
            var writer = ByteWriter(UnsafeMutableBufferPointer(start: elements + count.pointee, count: max(0, room)))
            body(&writer)
            count.pointee += writer.count
        }
    }

    private static func makeStorage(capacity: Int) -> Storage {
        let buffer = Storage.create(minimumCapacity: max(16, capacity)) { _ in 0 }
        // `create` returns the ManagedBuffer type it was called on, here Storage.
        return unsafeDowncast(buffer, to: Storage.self)
    }
}
