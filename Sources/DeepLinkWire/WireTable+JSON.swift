package import DeepLinkBytes
package import DeepLinkRouting

extension WireTable {
    /// Calls `body` with the exact length of `result`'s JSON and a function that writes it, with the pieces built with
    /// this table: the server's in-place `/resolve` answer. `result` comes from this table's `resolve`.
    package func withJSON<Result>(of result: ResolveResult, _ body: (_ length: Int, _ write: (inout ByteWriter) -> Void) -> Result) -> Result {
        result.withJSON(pieces: { pieces(ofRoute: $0.routeIndex) }, body)
    }

    /// Writes `result`'s object into `writer` (for batches), as `withJSON(of:_:)` writes it.
    package func write(_ result: ResolveResult, to writer: inout JSONWriter) {
        withJSON(of: result) { length, write in writer.value(room: length, write) }
    }
}
