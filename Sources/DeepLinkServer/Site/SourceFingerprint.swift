import Glibc
import ServerPlatform

/// What the files of a `WatchPlan` look like on disk: for every name that matters in every watched directory, the
/// identity, size and times of the file it resolves to, symbolic links followed. `SourceWatcher` compares two of them
/// when it has to poll (no inotify, a network file system).
///
/// Two fingerprints differ when a file is edited in place (its modification time or size), replaced by rename (its
/// inode), added or removed, and when a symbolic link on its path is re-pointed: a Kubernetes ConfigMap volume
/// updates by renaming its `..data` link, so every path through it resolves to a new inode at the same instant.
struct SourceFingerprint: Equatable, Sendable {
    /// One name as `stat` sees it through its path (or the `errno` of a path that cannot be read).
    struct Entry: Equatable, Sendable {
        let path: String
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int
        let changed: Int
        let error: Int32
    }

    private(set) var entries: [Entry] = []

    /// The fingerprint of what `plan` watches.
    init(plan: WatchPlan) {
        for (directory, interest) in plan.directories.sorted(by: { $0.key < $1.key }) {
            let listed = (FileSystem.entries(of: directory) ?? []).filter(interest.matters)
            for name in Set(listed).union(interest.names).sorted() {
                entries.append(Self.entry(WatchPlan.join(directory, name)))
            }
        }
    }

    /// The fingerprint of what a site loaded from `configPath` and `publicDirectory` is read from.
    init(configPath: String, publicDirectory: String) {
        self.init(plan: WatchPlan(configPath: configPath, publicDirectory: publicDirectory))
    }

    /// The paths whose entries differ between `self` and `other` (added, removed or changed), sorted, at most `limit`.
    func changedPaths(since other: SourceFingerprint, limit: Int = 5) -> [String] {
        let old = Dictionary(other.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = new.filter { old[$0.key] != $0.value }.map(\.key) + old.keys.filter { new[$0] == nil }
        return Array(changed.sorted().prefix(limit))
    }

    /// `stat` of `path`, following symbolic links.
    private static func entry(_ path: String) -> Entry {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return Entry(path: path, device: 0, inode: 0, size: 0, modified: 0, changed: 0, error: errno)
        }
        // A directory is known by its identity alone: its times change with every name added to it (a `.git`, an
        // editor's swap file), and the names in it that matter have entries of their own.
        guard status.st_mode & S_IFMT != S_IFDIR else {
            return Entry(path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: 0, modified: 0, changed: 0, error: 0)
        }
        return Entry(
            path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec,
            changed: status.st_ctim.tv_sec * 1_000_000_000 + status.st_ctim.tv_nsec, error: 0)
    }
}
