extension PathPattern {
    /// The value of the parameter at `position` in `path`, decoded: the index matched this pattern to the path
    /// component by component, so pattern component `position` took path component `position`. Nil when that
    /// component is not a parameter.
    func value(at position: Int, in path: UnsafeBufferPointer<Bytes>) -> Bytes? {
        guard position < path.count, case .parameter(_, let prefix, let suffix) = components[position] else { return nil }
        return path[position].between(prefix: prefix, suffix: suffix)
    }

    /// What `*` and `**` took from `path`, in pattern order: for each `*` its component, for a final `**` every
    /// component from its position on. Read by position, as `value(at:in:)` is: the index has already matched.
    func wildcards(in path: UnsafeBufferPointer<Bytes>) -> [[String]] {
        var taken: [[String]] = []
        for (position, component) in components.enumerated() {
            switch component {
            case .wildcard where position < path.count: taken.append([String(decoding: path[position], as: UTF8.self)])
            case .rest: taken.append(path[min(position, path.count)...].map { String(decoding: $0, as: UTF8.self) })
            default: continue
            }
        }
        return taken
    }
}
