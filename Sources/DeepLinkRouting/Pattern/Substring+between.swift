extension Substring {
    /// The part between `prefix` and `suffix` when the text starts and ends with them without overlap.
    func between(prefix: String, suffix: String) -> Substring? {
        guard utf8.count >= prefix.utf8.count + suffix.utf8.count,
            utf8.starts(with: prefix.utf8),
            utf8.reversed().starts(with: suffix.utf8.reversed())
        else { return nil }
        let start = utf8.index(startIndex, offsetBy: prefix.utf8.count)
        let end = utf8.index(endIndex, offsetBy: -suffix.utf8.count)
        return self[start..<end]
    }
}
