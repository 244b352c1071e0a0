import Foundation

/// Whole files read and written with the C library, so a failure reads like the system's own message
/// (`No such file or directory`) rather than Foundation's generic one.
enum FileBytes {
    /// Why a file could not be read or written: the path and `strerror`'s words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The contents of the file at `path`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw Failure(description: "cannot read \(path): \(reason())") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw Failure(description: "cannot read \(path): \(reason())") }
        return bytes
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
