import Glibc

/// Where a command's output goes: standard output, or the path given to `--output`, written as `OutputTarget` says.
enum OutputFile {
    /// Writes `bytes` to `path`, or to standard output when there is none. With `isUnchangedKept`, a file that
    /// already holds exactly `bytes` is not rewritten (a build that regenerates it then recompiles nothing).
    static func write(_ bytes: [UInt8], to path: String?, isUnchangedKept: Bool = false) throws(OutputFailure) {
        guard let path else { return try Console.write(bytes) }
        switch try OutputTarget(path: path) {
        case .descriptor(let descriptor):
            if let code = Console.deliver(bytes, to: descriptor) { throw OutputFailure(writing: path, code: code) }
        case .stream(let target):
            try writeInto(target, bytes, place: path)
        case .file(let target):
            let directory = try OutputDirectory(path: OutputTarget.directory(of: target))
            try directory.replace(OutputTarget.name(of: target), with: bytes, place: path, isUnchangedKept: isUnchangedKept)
        }
    }

    /// Opens what `target` names (a FIFO waits for its reader) and writes into it, truncating it first only when it
    /// is a regular file.
    private static func writeInto(_ target: String, _ bytes: [UInt8], place: String) throws(OutputFailure) {
        var status = stat()
        let isRegular = stat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC | (isRegular ? O_TRUNC : 0))
        guard descriptor >= 0 else { throw OutputFailure(writing: place, code: errno) }
        let failure = Descriptor.writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closed { throw OutputFailure(writing: place, code: code) }
    }
}
