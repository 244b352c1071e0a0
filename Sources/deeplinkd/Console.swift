import Foundation

/// Writes to the standard streams without the shared-state globals Swift 6 rejects.
enum Console {
    /// Prints one line to standard output.
    static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Prints one line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
