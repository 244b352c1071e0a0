import Glibc

/// Why a command's output was not written: where it was going and the system's words (`cannot write to standard
/// output: No space left on device`). `Deeplinkd.main` prints it and exits 1.
struct OutputFailure: Error, CustomStringConvertible {
    let description: String

    /// A failure to write to `place` (`standard output`, `the file x.png`) for `errno`'s value `code`.
    init(writing place: String, code: Int32) {
        description = "cannot write \(place): \(String(cString: strerror(code)))"
    }

    /// A failure in words of its own.
    init(_ description: String) {
        self.description = description
    }
}
