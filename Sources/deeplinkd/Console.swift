import DeepLinkRouting
import Glibc

/// The standard streams, written with `write(2)`: one path for every command's output, which reports a failed
/// write (a full disk, a closed or broken pipe) instead of crashing.
enum Console {
    /// Where the current task's standard output and error go instead of descriptors 1 and 2: nil in the tool, a
    /// capture in the tests, which run commands in this process. Task-local, so tests running side by side each
    /// see their own capture and never each other's.
    @TaskLocal static var sink: (any ConsoleSink)?

    /// Writes `bytes` to standard output as they are.
    static func write(_ bytes: [UInt8]) throws(OutputFailure) {
        if let code = deliver(bytes, to: STDOUT_FILENO) { throw OutputFailure(writing: "to standard output", code: code) }
    }

    /// Prints one line of data (JSON, which escapes what it must) to standard output as it is.
    static func output(_ line: String) throws(OutputFailure) {
        try write(Array((line + "\n").utf8))
    }

    /// Prints one line of text for a person to standard output, with every control or bidirectional formatting
    /// character written as `\u{1B}`: it may quote a table, a file name or what a server sent.
    static func report(_ line: String) throws(OutputFailure) {
        try write(Array((line.visible + "\n").utf8))
    }

    /// Prints a message to standard error, each of its lines ended by a line break, with every control or
    /// bidirectional formatting character written as `\u{1B}`, so no text a message quotes (a table's, a CSV's, an
    /// argument's) reaches the terminal as an escape sequence. A failure is ignored: there is nowhere left to
    /// report it.
    static func error(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).visible + "\n" }
        _ = deliver(Array(lines.joined().utf8), to: STDERR_FILENO)
    }

    /// Writes every byte of `bytes` to standard output or error (`descriptor` 1 or 2), through the sink when there is
    /// one; nil when all were written, else `errno`.
    static func deliver(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        if let sink { return sink.write(bytes, to: descriptor) }
        return Descriptor.writeAll(bytes, to: descriptor)
    }
}

/// What takes the bytes of the standard streams in place of descriptors 1 and 2 (`Console.sink`).
protocol ConsoleSink: Sendable {
    /// Takes `bytes` meant for `descriptor` (`STDOUT_FILENO` or `STDERR_FILENO`); nil when all were taken, else the
    /// `errno` a write would have failed with.
    func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32?
}
