package import DeepLinkBytes
package import DeepLinkRouting

extension ResolveResult {
    /// The resolve-result JSON object, keys in contract order, with the canonical links of the table that resolved it.
    package func json() -> String {
        withJSON { length, write in
            String(unsafeUninitializedCapacity: length) { buffer in
                var writer = ByteWriter(buffer)
                write(&writer)
                return writer.count
            }
        }
    }

    /// The resolve-result JSON object as UTF-8 bytes, as `json()` writes it.
    package func jsonBytes() -> [UInt8] {
        withJSON { length, write in
            [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                var writer = ByteWriter(buffer)
                write(&writer)
                count = writer.count
            }
        }
    }

    /// Writes the resolve-result object into `writer` (for batches).
    package func write(to writer: inout JSONWriter) {
        withJSON { length, write in writer.value(room: length, write) }
    }
}
