import Logging
import ServerPlatform

/// What `SourceWatcher` has said about the writer it waits for: the wait is logged when it begins, and once more,
/// as a warning, when it has lasted the writer timeout.
struct WriterWait {
    private var path: String?
    private var since = 0
    private var isWarned = false

    /// Notes that the reload waits, at `now` (monotonic nanoseconds), for the writer of `writer` to close it.
    mutating func note(_ writer: String, at now: Int, settings: SourceWatcher.Settings, logger: Logger) {
        guard path == writer else {
            (path, since, isWarned) = (writer, now, false)
            logger.info("waiting for the writer of a changed file to close it before reloading", metadata: ["path": "\(writer)"])
            return
        }
        guard !isWarned, now - since >= SystemClock.nanoseconds(settings.writerTimeout) else { return }
        isWarned = true
        logger.warning(
            "a changed file is still open for writing; not reloading until its writer closes it",
            metadata: ["path": "\(writer)", "seconds": .stringConvertible(settings.writerTimeout.components.seconds)])
    }
}
