import DeepLinkBytes

extension Links {
    /// `{"universal": …, "app": …}`.
    public var json: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("universal", universal)
        writer.string("app", app)
        writer.endObject()
        return writer.text
    }
}
