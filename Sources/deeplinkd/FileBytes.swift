import Glibc
import ServerPlatform

/// Whole files read and written with the C library, so a failure names its reason (`no such file`, `No space left on
/// device`) rather than Foundation's generic one.
enum FileBytes {
    /// Why a file could not be read or written: the path and `strerror`'s words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The contents of the regular file at `path`, read by the platform's one file reader.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        do throws(FileSystem.ReadError) {
            return try FileSystem.contents(of: path)
        } catch {
            throw Failure(description: "cannot read \(path): \(error)")
        }
    }

    /// Replaces the file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        guard let file = fopen(path, "wb") else { throw Failure(description: "cannot write \(path): \(reason())") }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let isClosed = fclose(file) == 0
        guard written == bytes.count, isClosed else { throw Failure(description: "cannot write \(path): \(reason())") }
    }

    /// The current `errno` in words.
    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
