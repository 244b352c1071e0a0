import DeepLinkBytes
package import DeepLinkRouting

extension Links {
    /// `{"universal": …, "app": …}`.
    package var json: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("universal", universal)
        writer.string("app", app)
        writer.endObject()
        return writer.text
    }
}
