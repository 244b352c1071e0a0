import ServerPlatform

/// What `serve --watch` watches: the directories holding what `Site` loads (the config file, `templates/*.mustache`,
/// the files in `static/`, `openapi.yaml`), and which names in each matter. Nothing else under the public directory
/// is looked at, so a `Public/.git` of any size costs nothing.
///
/// Each file is followed through its symbolic links, and every directory on the way is watched for the link's own
/// name: a Kubernetes ConfigMap (`deeplinkd.yaml -> ..data/deeplinkd.yaml`, `..data -> ..2026_…`) changes by renaming
/// `..data`, which is seen in the volume's directory, and an edit of the file a link points to is seen in the
/// directory it is in. The plan is made again after every change, so a re-pointed link or a replaced directory is
/// followed to where it now leads.
struct WatchPlan: Equatable, Sendable {
    /// The names in one directory that matter.
    struct Interest: Equatable, Sendable {
        /// Names that matter whatever they are.
        var names: Set<String> = []
        /// Names ending so matter too (the templates: `.mustache`).
        var suffix: String?
        /// Every name that is not hidden and not a version-control folder matters (the static assets).
        var isEveryVisibleName = false

        /// Whether a change to `name` can change the site.
        func matters(_ name: String) -> Bool {
            if names.contains(name) { return true }
            if let suffix, name.hasSuffix(suffix) { return true }
            return isEveryVisibleName && !name.hasPrefix(".") && !WatchPlan.versionControlFolders.contains(name)
        }
    }

    /// Folders version control keeps its own data in; never watched, never looked into.
    static let versionControlFolders: Set<String> = [".git", ".hg", ".svn", ".bzr", "_darcs", "CVS", ".jj", ".pijul", "_FOSSIL_", ".fslckout"]
    /// The most symbolic links followed from one path: a loop of links ends there.
    static let hopLimit = 40

    /// Each directory to watch, by its canonical path, with the names in it that matter.
    private(set) var directories: [String: Interest] = [:]
    /// The files the site reads, by the paths it reads them by (missing ones included: their creation matters).
    private(set) var files: [String] = []

    /// The plan for a site loaded from `configPath` and `publicDirectory`, as they are on disk now.
    init(configPath: String, publicDirectory: String) {
        let publicDirectory = publicDirectory.count > 1 && publicDirectory.hasSuffix("/") ? String(publicDirectory.dropLast()) : publicDirectory
        follow(configPath)
        files.append(configPath)
        follow(publicDirectory)
        for name in ["templates", "static", "openapi.yaml"] { follow(publicDirectory + "/" + name) }
        files.append(publicDirectory + "/openapi.yaml")
        add(publicDirectory + "/templates", interest: Interest(suffix: ".mustache"))
        add(publicDirectory + "/static", interest: Interest(isEveryVisibleName: true))
    }

    /// Whether a change to `name` in the watched directory `directory` can change the site.
    func matters(_ name: String, in directory: String) -> Bool {
        directories[directory]?.matters(name) ?? false
    }

    /// Watches the directory at `path` for the names `interest` takes, and follows each such file it holds.
    private mutating func add(_ path: String, interest: Interest) {
        guard let directory = FileSystem.canonicalPath(path), FileSystem.isDirectory(directory), let names = FileSystem.entries(of: directory)
        else { return }
        directories[directory, default: Interest()].suffix = interest.suffix
        directories[directory, default: Interest()].isEveryVisibleName = interest.isEveryVisibleName
        for name in names where interest.matters(name) {
            files.append(path + "/" + name)
            if FileSystem.symbolicLinkTarget(directory + "/" + name) != nil { follow(path + "/" + name) }
        }
    }

    /// Watches the directory of `path` for its name and, while it is a symbolic link, the directory of each path it
    /// leads to for that path's name, and each directory a link's text goes through for the name it goes through.
    private mutating func follow(_ path: String) {
        var current = Self.absolute(path)
        for _ in 0..<Self.hopLimit {
            let (parent, name) = Self.split(current)
            guard !name.isEmpty, let directory = FileSystem.canonicalPath(parent) else { return }
            directories[directory, default: Interest()].names.insert(name)
            guard let target = FileSystem.symbolicLinkTarget(Self.join(directory, name)) else { return }
            var base = target.hasPrefix("/") ? "/" : directory
            let parts = target.split(separator: "/").map(String.init)
            for part in parts.dropLast() where part != "." {
                guard let canonicalBase = FileSystem.canonicalPath(base) else { return }
                if part == ".." {
                    base = Self.split(canonicalBase).parent
                } else {
                    directories[canonicalBase, default: Interest()].names.insert(part)
                    base = Self.join(canonicalBase, part)
                }
            }
            guard let last = parts.last else { return }
            current = Self.join(base, last)
        }
    }

    /// `path` made absolute against the working directory.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let working = FileSystem.canonicalPath(".") ?? "/"
        return join(working, path)
    }

    /// The directory part and the last name of an absolute path.
    static func split(_ path: String) -> (parent: String, name: String) {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return (".", String(path)) }
        let parent = path[..<slash]
        return (parent.isEmpty ? "/" : String(parent), String(path[path.index(after: slash)...]))
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
