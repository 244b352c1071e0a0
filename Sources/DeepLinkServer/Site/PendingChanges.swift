import ServerPlatform

/// The files changed since the last reload, and whether they are complete: `SourceWatcher` reloads only once none
/// has changed for the settle interval and no writer still has one open.
///
/// A pause in a writer's output cannot be told from its end by time alone (`(cat head; sleep 3; cat tail) > file`
/// holds the file open, half written, for 3 s), so each file is asked about its writers: Linux tells whether any
/// process has it open for writing (`FileSystem.isOpenForWriting`), and where it cannot tell (a file of another user),
/// inotify's reports stand in: a write (`modified`) leaves the file being written until its writer closes it
/// (`closedAfterWriting`). A rename, a removal or a new link is complete at once.
struct PendingChanges {
    /// Whether a file is still being written, as far as inotify tells.
    enum State: Equatable {
        case writing
        case complete
    }

    /// What to do now.
    enum Decision: Equatable {
        /// Reload. `unclosed` names the files reported written and never closed, reloaded as they are once nothing
        /// has changed for the writer timeout (a `truncate`, a file written through a memory map).
        case reload(unclosed: [String])
        /// Decide again in `nanoseconds`; `writer` names the file still open for writing, if that is what waits.
        case wait(nanoseconds: Int, writer: String?)
    }

    private(set) var states: [String: State] = [:]
    /// When the last change was seen, on the monotonic clock (nanoseconds).
    private(set) var lastChange = 0

    /// Whether nothing changed since the last reload.
    var isEmpty: Bool { states.isEmpty }

    /// The changed paths, sorted.
    var paths: [String] { states.keys.sorted() }

    /// Notes a change of `path` at `now` (monotonic nanoseconds), in the state `state`.
    mutating func note(_ path: String, _ state: State, at now: Int) {
        states[path] = state
        lastChange = max(lastChange, now)
    }

    /// The state of a file after an event of `kind`, from `previous`; `isRegularFile` says whether a name just
    /// created is a regular file (opened to be written, so complete only once closed) rather than a directory or a
    /// symbolic link.
    static func state(after kind: FileEvent.Kind, previous: State?, isRegularFile: Bool) -> State {
        switch kind {
        case .modified: .writing
        case .created: isRegularFile ? .writing : .complete
        case .attributes: previous ?? .complete
        default: .complete
        }
    }

    /// Whether to reload at `now`: once nothing changed for `settle` nanoseconds and `isOpenForWriting` says no file
    /// is open for writing; where it cannot tell (nil), once inotify saw every written file closed, or once nothing
    /// changed for `writerTimeout`.
    func decision(at now: Int, settle: Int, writerTimeout: Int, isOpenForWriting: (String) -> Bool?) -> Decision {
        let quiet = now - lastChange
        guard quiet >= settle else { return .wait(nanoseconds: settle - quiet, writer: nil) }
        var unclosed: [String] = []
        for path in paths {
            switch isOpenForWriting(path) {
            case true?:
                return .wait(nanoseconds: settle, writer: path)
            case false?:
                continue
            case nil:
                guard states[path] == .writing else { continue }
                guard quiet >= writerTimeout else { return .wait(nanoseconds: min(settle, writerTimeout - quiet), writer: path) }
                unclosed.append(path)
            }
        }
        return .reload(unclosed: unclosed)
    }
}
