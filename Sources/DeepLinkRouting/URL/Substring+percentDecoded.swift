import DeepLinkBytes

extension Substring {
    /// Decodes `%XX` escapes once; `+` stays `+`. Returns `self` unchanged (no copy) when there is nothing to decode.
    ///
    /// The first malformed escape is the error; only when every escape is well formed are the decoded bytes checked
    /// to be UTF-8.
    func percentDecoded() throws(PercentDecodingError) -> Substring {
        var text = self
        let decoded = text.withUTF8 { bytes in Result { () throws(PercentDecodingError) in try PercentEncoding.decoded(bytes) } }
        return try decoded.get().map { $0[...] } ?? self
    }
}
