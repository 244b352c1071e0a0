import DeepLinkBytes
import DeepLinkRouting
import DeepLinkTemplates
import MicroHTTP

extension CompiledPage {
    /// The page written straight into the body libmicrohttpd sends: the literal runs with each value's place
    /// written by `write`, which writes `length(value)` bytes for the value at that index in `urlValues` (one pass
    /// to size the body exactly, one to write it).
    func body(length: (Int) -> Int, write: (Int, inout ByteWriter) -> Void) -> ResponseBody {
        var capacity = text.count
        for slot in slots {
            if let value = slot.value { capacity += length(value) }
        }
        return text.withUnsafeBufferPointer { text in
            ResponseBody.write(capacity: capacity) { writer in
                var offset = 0
                for (textLength, value) in slots {
                    writer.write(UnsafeBufferPointer(rebasing: text[offset..<offset + textLength]))
                    offset += textLength
                    if let value { write(value, &writer) }
                }
            }
        }
    }
}
