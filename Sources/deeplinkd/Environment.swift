import Glibc

/// Environment variables, read with `getenv`: `ProcessInfo` copies the whole environment into a dictionary.
enum Environment {
    /// The value of the variable `name`, or nil when it is not set.
    static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
