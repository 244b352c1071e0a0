#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the kernel will not report changes (`FileEvents`): the caller then has to look for them itself.
package enum FileEventsError: Error, Equatable, CustomStringConvertible {
    /// No inotify instance: not Linux, or the user's `fs.inotify.max_user_instances` are all taken (`errno`).
    case unavailable(Int32)
    /// The user's `fs.inotify.max_user_watches` are all taken; `limit` is that setting when it can be read.
    case watchLimit(directory: String, limit: Int?)
    /// A directory cannot be watched (`errno`).
    case cannotWatch(directory: String, code: Int32)

    package var description: String {
        switch self {
        case .unavailable(let code):
            code == EMFILE
                ? "inotify is unavailable: every inotify instance this user may open (fs.inotify.max_user_instances) is taken"
                : "inotify is unavailable: \(String(cString: strerror(code)))"
        case .watchLimit(let directory, let limit):
            "cannot watch \(directory): the inotify watch limit (fs.inotify.max_user_watches = \(limit.map(String.init) ?? "unknown")) is reached"
        case .cannotWatch(let directory, let code):
            "cannot watch \(directory): \(String(cString: strerror(code)))"
        }
    }
}
