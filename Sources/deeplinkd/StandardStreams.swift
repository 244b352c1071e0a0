import Glibc

/// What every command needs of the process before it writes anything.
enum StandardStreams {
    /// Makes a write to a closed or broken stream an error the command reports, not the end of the process:
    ///
    /// - `SIGPIPE` is ignored, so a write to a pipe nobody reads fails with `EPIPE`;
    /// - a standard stream that was closed (`deeplinkd aasa >&-`) is opened on `/dev/null` for reading only, so
    ///   writing to it still fails (`EBADF`) while no file the command opens can take its number and receive what
    ///   was meant for the terminal.
    static func prepare() {
        _ = signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", O_RDONLY)
            if null >= 0, null != descriptor {
                _ = dup2(null, descriptor)
                _ = close(null)
            }
        }
    }

    /// Ends the process with `status`.
    static func end(status: Int32) -> Never {
        exit(status)
    }
}
