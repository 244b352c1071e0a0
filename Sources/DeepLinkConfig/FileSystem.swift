#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system calls a config or site load makes, through the C library: Foundation's file APIs pull
/// megabytes of code and data into a server's memory that it never uses again.
package enum FileSystem {
    /// Why a file cannot be read.
    package enum ReadError: Error, Equatable, CustomStringConvertible {
        case noSuchFile
        case permissionDenied
        case notARegularFile
        case failed(Int32)

        package var description: String {
            switch self {
            case .noSuchFile: "no such file"
            case .permissionDenied: "permission denied"
            case .notARegularFile: "it is not a readable file"
            case .failed(let code): String(cString: strerror(code))
            }
        }
    }

    /// The bytes of the regular file at `path` (symbolic links followed).
    package static func contents(of path: String) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.error(errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile }
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

    private static func error(_ code: Int32) -> ReadError {
        switch code {
        case ENOENT, ENOTDIR: .noSuchFile
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .notARegularFile
        default: .failed(code)
        }
    }
}
