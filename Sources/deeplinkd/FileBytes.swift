import ServerPlatform

/// Whole files read with the platform's one file reader, so a failure names its reason (`no such file`, `it is a
/// directory, not a regular file`). Files are written by `OutputFile` and `OutputDirectory`.
enum FileBytes {
    /// Why a file could not be read: the path and the reason.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The contents of the regular file at `path`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        do throws(FileSystem.ReadError) {
            return try FileSystem.contents(of: path)
        } catch {
            throw Failure(description: "cannot read \(path): \(error)")
        }
    }
}
