import DeepLinkBytes

/// One entry of `applinks.details[].components`.
struct AASAComponent: Sendable, Equatable {
    /// The `/` path glob.
    let path: String
    /// The `?` query dictionary, item name to value glob, in declaration order.
    let query: [(name: String, glob: String)]
    /// Whether a match stops the app from opening.
    let isExcluded: Bool
    /// A note for people reading the file.
    let comment: String

    static func == (lhs: AASAComponent, rhs: AASAComponent) -> Bool {
        lhs.path == rhs.path && lhs.isExcluded == rhs.isExcluded && lhs.comment == rhs.comment
            && lhs.query.map(\.name) == rhs.query.map(\.name) && lhs.query.map(\.glob) == rhs.query.map(\.glob)
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.string("/", path)
        if !query.isEmpty {
            writer.beginObject("?")
            for item in query { writer.string(item.name, item.glob) }
            writer.endObject()
        }
        if isExcluded { writer.bool("exclude", true) }
        writer.string("comment", comment)
        writer.endObject()
    }
}
