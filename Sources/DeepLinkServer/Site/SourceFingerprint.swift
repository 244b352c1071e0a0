import Glibc

/// What the files a site is built from look like on disk: for the config file and every file under the public
/// directory, the identity and modification time of the file its path resolves to, symbolic links followed.
///
/// Two fingerprints differ when a file is edited in place (its modification time or size), replaced by rename (its
/// inode), added or removed, and when a symbolic link anywhere on its path is re-pointed: a Kubernetes ConfigMap
/// volume updates by writing a new `..2026_…` directory and renaming the `..data` link to it, so every path that
/// goes through `..data` resolves to a new inode at the same instant.
struct SourceFingerprint: Equatable, Sendable {
    /// The most files read under the public directory, and how deep: a loop of symbolic links ends there.
    static let fileLimit = 10_000
    static let depthLimit = 8

    /// One file as `stat` sees it through its path (or the `errno` of a path that cannot be read).
    struct Entry: Equatable, Sendable {
        let path: String
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int
        let changed: Int
        let isDirectory: Bool
        let error: Int32
    }

    private(set) var entries: [Entry] = []

    /// The fingerprint of `configPath` and everything under `publicDirectory`.
    init(configPath: String, publicDirectory: String) {
        entries.append(Self.entry(configPath))
        walk(publicDirectory, depth: 0)
    }

    /// The paths whose entries differ between `self` and `other` (added, removed or changed), at most `limit`.
    func changedPaths(since other: SourceFingerprint, limit: Int = 5) -> [String] {
        let old = Dictionary(other.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = new.filter { old[$0.key] != $0.value }.map(\.key) + old.keys.filter { new[$0] == nil }
        return Array(changed.sorted().prefix(limit))
    }

    private mutating func walk(_ directory: String, depth: Int) {
        guard depth < Self.depthLimit, entries.count < Self.fileLimit, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        // Sorted, so two fingerprints of the same tree compare equal whatever order the directory lists them in.
        for name in names.sorted() where entries.count < Self.fileLimit {
            let path = directory + "/" + name
            let entry = Self.entry(path)
            entries.append(entry)
            if entry.isDirectory { walk(path, depth: depth + 1) }
        }
    }

    /// `stat` of `path`, following symbolic links.
    private static func entry(_ path: String) -> Entry {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return Entry(path: path, device: 0, inode: 0, size: 0, modified: 0, changed: 0, isDirectory: false, error: errno)
        }
        return Entry(
            path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec,
            changed: status.st_ctim.tv_sec * 1_000_000_000 + status.st_ctim.tv_nsec, isDirectory: status.st_mode & S_IFMT == S_IFDIR,
            error: 0)
    }
}
