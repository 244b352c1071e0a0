/// One change the kernel reported in a watched directory (`FileEvents`): what happened, to which name in it.
package struct FileEvent: Equatable, Sendable {
    /// What happened.
    package enum Kind: Equatable, Sendable {
        /// Bytes were written (`IN_MODIFY`): a writer has the file open.
        case modified
        /// A writer closed the file (`IN_CLOSE_WRITE`).
        case closedAfterWriting
        /// A name was created (`IN_CREATE`): a new file, directory or symbolic link.
        case created
        /// A name was removed (`IN_DELETE`).
        case deleted
        /// A name was renamed into the directory (`IN_MOVED_TO`): a write-then-rename, a ConfigMap's `..data` swap.
        case movedIn
        /// A name was renamed out of the directory (`IN_MOVED_FROM`).
        case movedOut
        /// Permissions, owner or times changed (`IN_ATTRIB`): a `chmod`, a `touch`.
        case attributes
        /// The watched directory itself was removed, renamed or unmounted, and its watch is gone.
        case directoryGone
        /// The kernel's queue overflowed and events were lost: anything may have changed.
        case overflow
    }

    /// The watch the event came from (`FileEvents.watch`); -1 for `overflow`.
    package let watch: Int32
    /// The name in the watched directory; empty for events about the directory itself.
    package let name: String
    package let kind: Kind
    /// Whether the name is a directory.
    package let isDirectory: Bool

    /// An event from `watch` about `name`.
    package init(watch: Int32, name: String, kind: Kind, isDirectory: Bool = false) {
        self.watch = watch
        self.name = name
        self.kind = kind
        self.isDirectory = isDirectory
    }
}
