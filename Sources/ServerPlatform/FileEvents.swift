#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kernel's reports of changes in a few directories (Linux inotify): a write, a writer closing the file, a
/// rename into the directory, a name created or removed. Each directory is watched as a whole, its files included, so
/// a file replaced by rename stays watched; a directory replaced by rename is not (watch the new one).
///
/// Other systems have no inotify: `init` throws `unavailable` there, and the caller polls instead.
///
/// `Sendable` because every stored property is a constant descriptor: `next` runs on one thread, and `wake`, which
/// only writes a byte to a pipe, may be called from any other at the same time.
package final class FileEvents: Sendable {
    private let descriptor: Int32
    /// A byte written to `wakeWriter` ends a `next` waiting on another thread.
    private let wakeReader: Int32
    private let wakeWriter: Int32

    /// An inotify instance watching nothing yet.
    package init() throws(FileEventsError) {
        #if os(Linux)
            let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard descriptor >= 0 else { throw .unavailable(errno) }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                let code = errno
                close(descriptor)
                throw .unavailable(code)
            }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            self.descriptor = descriptor
            (wakeReader, wakeWriter) = (ends[0], ends[1])
        #else
            throw .unavailable(ENOSYS)
        #endif
    }

    deinit {
        close(descriptor)
        close(wakeReader)
        close(wakeWriter)
    }

    /// Starts watching the directory at `path` (symbolic links followed); returns the watch number events carry.
    /// Watching a directory already watched returns its number again.
    package func watch(_ path: String) throws(FileEventsError) -> Int32 {
        #if os(Linux)
            let mask =
                IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF
                | IN_ONLYDIR
            let watch = inotify_add_watch(descriptor, path, UInt32(bitPattern: mask))
            guard watch >= 0 else {
                let code = errno
                guard code == ENOSPC else { throw .cannotWatch(directory: path, code: code) }
                let setting = try? FileSystem.contents(of: "/proc/sys/fs/inotify/max_user_watches")
                let limit = setting.flatMap { Int(String(decoding: $0, as: UTF8.self).filter(\.isNumber)) }
                throw .watchLimit(directory: path, limit: limit)
            }
            return watch
        #else
            throw .cannotWatch(directory: path, code: ENOSYS)
        #endif
    }

    /// Stops the watch numbered `watch`.
    package func unwatch(_ watch: Int32) {
        #if os(Linux)
            inotify_rm_watch(descriptor, watch)
        #endif
    }

    /// The events reported within `milliseconds` (-1: however long it takes), in order; empty when none came in
    /// time, nil once `wake` was called.
    package func next(milliseconds: Int32) -> [FileEvent]? {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
        guard poll(&descriptors, 2, milliseconds) > 0 else { return [] }
        if descriptors[1].revents != 0 { return nil }
        var events: [FileEvent] = []
        // Room for hundreds of events at once; every event fits, since a name is at most NAME_MAX bytes.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { Self.parse(UnsafeRawBufferPointer(rebasing: $0[..<count]), into: &events) }
        }
        return events
    }

    /// Ends the `next` under way on another thread (or the next one called) with nil.
    package func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// The events in `bytes`, as `read` returned them: each a 16-byte header (watch, mask, cookie, name length)
    /// followed by its name, padded with NULs.
    static func parse(_ bytes: UnsafeRawBufferPointer, into events: inout [FileEvent]) {
        #if os(Linux)
            var offset = 0
            while offset + 16 <= bytes.count {
                let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = Int32(bitPattern: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let end = min(bytes.count, offset + 16 + length)
                let name = String(decoding: bytes[(offset + 16)..<end].prefix { $0 != 0 }, as: UTF8.self)
                offset = end
                if let kind = kind(of: mask) {
                    events.append(FileEvent(watch: watch, name: name, kind: kind, isDirectory: mask & IN_ISDIR != 0))
                }
            }
        #endif
    }

    #if os(Linux)
        /// The kind of an event's mask; nil for the `IN_IGNORED` that follows a watch removed on purpose.
        private static func kind(of mask: Int32) -> FileEvent.Kind? {
            if mask & IN_Q_OVERFLOW != 0 { return .overflow }
            if mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT) != 0 { return .directoryGone }
            if mask & IN_CLOSE_WRITE != 0 { return .closedAfterWriting }
            if mask & IN_MODIFY != 0 { return .modified }
            if mask & IN_CREATE != 0 { return .created }
            if mask & IN_DELETE != 0 { return .deleted }
            if mask & IN_MOVED_TO != 0 { return .movedIn }
            if mask & IN_MOVED_FROM != 0 { return .movedOut }
            if mask & IN_ATTRIB != 0 { return .attributes }
            return nil
        }
    #endif
}
