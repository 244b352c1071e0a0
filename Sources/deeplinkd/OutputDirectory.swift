import Glibc

/// A directory held open while files are written into it, each atomically: the bytes go to a new temporary file of
/// the directory, synced, then renamed over the name. A reader sees the old file or the new one, never a part; a
/// failed write removes the temporary file and leaves the old one as it was.
///
/// Every name is looked up in the directory held open, without following a symbolic link: a link found where a
/// file is to be written is refused, so nothing is ever written through a link deeplinkd did not make.
final class OutputDirectory {
    /// The directory as named, for messages.
    let path: String
    private let descriptor: Int32

    /// Opens the directory at `path` (a link to a directory is followed: it is what the user named).
    init(path: String) throws(OutputFailure) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputFailure("cannot open the directory \(path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(descriptor)
    }

    /// Replaces the file `name` with `bytes`; `place` names it in messages. An existing file keeps its permissions;
    /// a new one gets 0666 less the umask, as `>` gives. With `isUnchangedKept`, a file that already holds exactly
    /// `bytes` is left alone (and keeps its modification time). With `isSynced` (the default) the bytes reach the disk
    /// before the rename, so a crash leaves the old file or the new one; a batch of many files passes false and calls
    /// `sync(place:)` once at the end instead (a sync a file costs more than making the file).
    func replace(_ name: String, with bytes: [UInt8], place: String, isUnchangedKept: Bool = false, isSynced: Bool = true) throws(OutputFailure) {
        var existing = stat()
        let exists = fstatat(descriptor, name, &existing, AT_SYMLINK_NOFOLLOW) == 0
        if exists {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK: throw OutputFailure("\(place) is a symbolic link, and deeplinkd never writes through one it did not make: remove it")
            case S_IFDIR: throw OutputFailure("cannot write \(place): it is a directory")
            default: throw OutputFailure("cannot write \(place): it is not a regular file")
            }
            if isUnchangedKept, contents(of: name, size: Int(existing.st_size)) == bytes { return }
        } else if errno != ENOENT {
            throw OutputFailure(writing: place, code: errno)
        }
        let (temporary, file) = try createTemporary(place: place)
        var failure: Int32?
        if exists, fchmod(file, existing.st_mode & 0o7777) != 0 { failure = errno }
        failure = failure ?? Descriptor.writeAll(bytes, to: file)
        if failure == nil, isSynced, fsync(file) != 0 { failure = errno }
        if close(file) != 0, failure == nil { failure = errno }
        if failure == nil, renameat(descriptor, temporary, descriptor, name) != 0 { failure = errno }
        if let failure {
            unlinkat(descriptor, temporary, 0)
            throw OutputFailure(writing: place, code: failure)
        }
    }

    /// Creates the file `name` holding `bytes` when there is nothing of that name (not even a symbolic link);
    /// false, with nothing written, when there is. A failed write removes the file it created.
    func create(_ name: String, with bytes: [UInt8], place: String) throws(OutputFailure) -> Bool {
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard file >= 0 else {
            if errno == EEXIST { return false }
            throw OutputFailure(writing: place, code: errno)
        }
        var failure = Descriptor.writeAll(bytes, to: file)
        if failure == nil, fsync(file) != 0 { failure = errno }
        if close(file) != 0, failure == nil { failure = errno }
        if let failure {
            unlinkat(descriptor, name, 0)
            throw OutputFailure(writing: place, code: failure)
        }
        return true
    }

    /// Writes every file of the directory's file system to the disk, with the directory itself: what `replace`
    /// wrote without `isSynced` is then as safe as what it wrote with it.
    func sync(place: String) throws(OutputFailure) {
        if let syncFileSystem = Self.syncFileSystem {
            if syncFileSystem(descriptor) != 0 { throw OutputFailure(writing: place, code: errno) }
        } else {
            Glibc.sync()
        }
        if fsync(descriptor) != 0, errno != EINVAL { throw OutputFailure(writing: place, code: errno) }
    }

    /// Linux's `syncfs` (one file system, not every one as `sync` does), looked up at run time: Swift's Glibc module
    /// does not declare it (`_GNU_SOURCE`).
    private static let syncFileSystem: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    /// A new, empty file with a name of its own (`.deeplinkd-<random>.tmp`), open for writing.
    private func createTemporary(place: String) throws(OutputFailure) -> (name: String, descriptor: Int32) {
        while true {
            let name = ".deeplinkd-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
            let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if file >= 0 { return (name, file) }
            if errno != EEXIST { throw OutputFailure(writing: place, code: errno) }
        }
    }

    /// The bytes of the regular file `name`, when it can be read whole and has `size` bytes.
    private func contents(of name: String, size: Int) -> [UInt8]? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress?.advanced(by: count), $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return count == size ? Array(bytes[..<count]) : nil
    }
}
