import Glibc

/// Writing whole buffers to file descriptors with `write(2)`: Foundation's `FileHandle.write` traps (SIGILL) on any
/// error, so a full disk or a closed pipe would crash the command instead of being reported.
enum Descriptor {
    /// Writes every byte of `bytes` to `descriptor`, again after an interrupted or partial write; nil when all were
    /// written, else `errno`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Whether `descriptor` is open for writing (a closed standard stream is reopened read-only, see
    /// `StandardStreams`).
    static func isWritable(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && flags & O_ACCMODE != O_RDONLY
    }

    /// Whether `descriptor` and the file at `path` (followed through symbolic links) are the same file.
    static func isSame(_ descriptor: Int32, as path: String) -> Bool {
        var open = stat()
        var named = stat()
        return fstat(descriptor, &open) == 0 && stat(path, &named) == 0 && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}
