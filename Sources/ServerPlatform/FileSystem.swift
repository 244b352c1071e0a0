#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system calls the server and its tools make (the config, templates, static assets, CSV files): the
/// one file reader, through the C library, because Foundation's file APIs pull megabytes of code and data into a
/// server's memory that it never uses again.
package enum FileSystem {
    /// Why a file cannot be read.
    package enum ReadError: Error, Equatable, CustomStringConvertible {
        case noSuchFile
        case permissionDenied
        /// A directory, FIFO, device or socket, named as `it is KIND, not a regular file`.
        case notARegularFile(kind: String)
        case failed(Int32)

        package var description: String {
            switch self {
            case .noSuchFile: "no such file"
            case .permissionDenied: "permission denied"
            case .notARegularFile(let kind): "it is \(kind), not a regular file"
            case .failed(let code): String(cString: strerror(code))
            }
        }
    }

    /// The bytes of the regular file at `path` (symbolic links followed).
    ///
    /// Anything else is refused before it is opened: opening a FIFO for reading waits for a writer, forever if none
    /// comes, and opening a device may act on it. The file is then opened without blocking and checked again, in
    /// case another took its place in between.
    package static func contents(of path: String) throws(ReadError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Self.error(errno) }
        try Self.requireRegularFile(status)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Self.error(errno) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw Self.error(errno) }
        try Self.requireRegularFile(status)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Self.error(errno) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// The names in the directory at `path`, without `.` and `..`, sorted; nil when it cannot be listed.
    package static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    package static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is a regular file (symbolic links followed).
    package static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    private static func requireRegularFile(_ status: stat) throws(ReadError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .notARegularFile(kind: "a directory")
        case S_IFIFO: throw .notARegularFile(kind: "a named pipe (FIFO)")
        case S_IFCHR: throw .notARegularFile(kind: "a character device")
        case S_IFBLK: throw .notARegularFile(kind: "a block device")
        case S_IFSOCK: throw .notARegularFile(kind: "a socket")
        default: throw .notARegularFile(kind: "an unknown kind of file")
        }
    }

    private static func error(_ code: Int32) -> ReadError {
        switch code {
        case ENOENT, ENOTDIR: .noSuchFile
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .notARegularFile(kind: "a directory")
        default: .failed(code)
        }
    }
}
