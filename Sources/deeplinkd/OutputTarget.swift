import Glibc

/// What a path given to `--output` names, and so how it is written: a file is replaced whole and atomically, but
/// a device, a FIFO or a standard stream is written into, never replaced.
enum OutputTarget: Equatable {
    /// One of this process's standard streams: `/dev/stdout`, a link to `/proc/self/fd/1`, the very file `>` or `>>`
    /// opened (written through the descriptor, so `>>` still appends).
    case descriptor(Int32)
    /// A regular file, or no file yet, at this path (the end of any symbolic links): replaced atomically, so the link
    /// stays a link.
    case file(String)
    /// Something to open and write into: a device (`/dev/full`), a FIFO, a socket, or whatever a link under `/dev`
    /// or `/proc` names (`/dev/stdout` of another process's descriptor).
    case stream(String)

    /// The names of this process's standard output and error: written through the descriptor even when it is not
    /// open for writing (a stream that was closed), which then fails as `>&-` makes it fail.
    static let standardStreams: [String: Int32] = [
        "/dev/stdout": STDOUT_FILENO, "/dev/fd/1": STDOUT_FILENO, "/proc/self/fd/1": STDOUT_FILENO,
        "/dev/stderr": STDERR_FILENO, "/dev/fd/2": STDERR_FILENO, "/proc/self/fd/2": STDERR_FILENO,
    ]

    /// At most this many symbolic links are followed, as the kernel's own limit (`ELOOP`).
    static let linkLimit = 40

    /// What `path` names now.
    init(path: String) throws(OutputFailure) {
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] where Descriptor.isWritable(descriptor) && Descriptor.isSame(descriptor, as: path) {
            self = .descriptor(descriptor)
            return
        }
        var current = path
        for _ in 0..<Self.linkLimit {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard errno == ENOENT else { throw OutputFailure(writing: path, code: errno) }
                self = .file(current)
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                self = .file(current)
                return
            case S_IFDIR:
                throw OutputFailure("cannot write \(path): it is a directory")
            case S_IFLNK:
                // The links of /dev and /proc name open descriptors (`/proc/self/fd/1` reads as `pipe:[…]`): only
                // the kernel can follow them.
                if current.hasPrefix("/dev/") || current.hasPrefix("/proc/") {
                    self = Self.standardStreams[current].map(OutputTarget.descriptor) ?? .stream(current)
                    return
                }
                guard let target = Self.linkTarget(current) else { throw OutputFailure(writing: path, code: errno) }
                current = target.hasPrefix("/") ? target : Self.directory(of: current) + "/" + target
            default:
                self = .stream(current)
                return
            }
        }
        throw OutputFailure(writing: path, code: ELOOP)
    }

    /// The text of the symbolic link at `path`.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The directory part of `path`: `.` for a bare name, `/` for a name at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
