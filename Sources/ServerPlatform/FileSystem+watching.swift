#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a watcher of files asks beyond reading them: where symbolic links point, whether a writer still has a file
/// open, and which file systems the kernel cannot report changes on.
extension FileSystem {
    /// The text of the symbolic link at `path` (not followed), or nil when `path` is not one.
    package static func symbolicLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `path` names a directory (symbolic links followed).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether any process has the regular file at `path` open for writing; nil when that cannot be told (not
    /// Linux, not a regular file, not this user's file, leases turned off or not supported by the file system).
    ///
    /// Linux grants a read lease (`F_SETLEASE`, `F_RDLCK`) only while no process has the file open for writing, so
    /// taking one and giving it back at once tells, without reading `/proc` of every process. While the lease is held
    /// (a few microseconds) a process opening the file for writing waits for it; the kernel would tell this process so
    /// with a signal, set to `SIGURG`, which is ignored unless handled, instead of `SIGIO`, which would end it.
    package static func isOpenForWriting(_ path: String) -> Bool? {
        #if os(Linux)
            let setSignal: Int32 = 10  // F_SETSIG: <fcntl.h> defines it only for _GNU_SOURCE, which Swift's import lacks.
            let setLease: Int32 = 1024  // F_SETLEASE, likewise.
            // Only a regular file is opened: opening a device may act on it.
            guard isRegularFile(path) else { return nil }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, fcntl(descriptor, setSignal, SIGURG) == 0 else { return nil }
            guard fcntl(descriptor, setLease, Int32(F_RDLCK)) == 0 else { return errno == EAGAIN ? true : nil }
            _ = fcntl(descriptor, setLease, Int32(F_UNLCK))
            return false
        #else
            return nil
        #endif
    }

    /// The type of the file system `path` is on (as `/proc/self/mountinfo` names it: `ext4`, `tmpfs`, `nfs4`), when it
    /// is one whose changes made elsewhere (another host, the machine under a virtual machine) the kernel here does
    /// not report: a network or host-shared file system. Nil for a local one, or when it cannot be told.
    package static func remoteFileSystemType(of path: String) -> String? {
        guard let canonical = canonicalPath(path), let table = try? contents(of: "/proc/self/mountinfo") else { return nil }
        var best: (mountPoint: String, type: String)?
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
            // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER-OPTIONS
            let fields = line.split(separator: " ")
            guard fields.count > 4, let separator = fields.firstIndex(of: "-"), separator + 1 < fields.count else { continue }
            let mountPoint = unescapeMountPoint(fields[4])
            let isUnder = mountPoint == "/" || canonical == mountPoint || canonical.hasPrefix(mountPoint + "/")
            if isUnder, mountPoint.count >= (best?.mountPoint.count ?? -1) { best = (mountPoint, String(fields[separator + 1])) }
        }
        guard let type = best?.type else { return nil }
        return remoteTypes.contains(type) ? type : nil
    }

    /// File systems whose other clients' changes inotify does not see.
    static let remoteTypes: Set<String> = [
        "nfs", "nfs4", "cifs", "smb3", "smbfs", "ceph", "9p", "virtiofs", "afs", "lustre", "gpfs", "glusterfs", "vboxsf", "fuse.sshfs",
        "fuse.glusterfs", "fuse.s3fs", "fuse.gcsfuse", "fuse.rclone", "fuse.vmhgfs-fuse",
    ]

    /// A mount point as `mountinfo` writes it, with `\040` for a space (and likewise a tab, a line break, `\`).
    private static func unescapeMountPoint(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
                let value = UInt8(String(decoding: utf8[(index + 1)...(index + 3)], as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
