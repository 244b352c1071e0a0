import DeepLinkBytes
import DeepLinkRouting
import DeepLinkTemplates
import MicroHTTP

extension CompiledPage {
    /// The page written straight into the body libmicrohttpd sends: the literal runs with each value's place filled.
    ///
    /// `write` writes the value at an index (in `LandingPage.values` order) as the page shows it (escaped), at most
    /// `bound(index)` bytes; it is called once for each value, in order, into scratch memory, and each place is then
    /// filled with a copy, so a value the page shows several times is escaped once and the body is allocated at its
    /// exact size.
    func body(valueCount: Int, bound: (Int) -> Int, write: (Int, inout ByteWriter) -> Void) -> ResponseBody {
        var scratchSize = 0
        for index in 0..<valueCount { scratchSize += max(0, bound(index)) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, scratchSize)) { scratch in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: max(1, valueCount)) { places in
                var values = ByteWriter(scratch)
                for index in 0..<valueCount {
                    let start = values.count
                    write(index, &values)
                    places.initializeElement(at: index, to: start..<values.count)
                }
                return joined(values: UnsafeBufferPointer(rebasing: scratch[..<values.count]), places: UnsafeBufferPointer(rebasing: places[..<valueCount]))
            }
        }
    }

    /// The body: each literal run, then a copy of the value its slot names, which is `values[places[value]]`. The body
    /// is the size of their sum, so each copy fits.
    private func joined(values: UnsafeBufferPointer<UInt8>, places: UnsafeBufferPointer<Range<Int>>) -> ResponseBody {
        var capacity = text.count
        for slot in slots {
            if let value = slot.value, value < places.count { capacity += places[value].count }
        }
        return text.withUnsafeBufferPointer { text in
            ResponseBody.filled(capacity: capacity) { body in
                var count = 0
                func copy(_ piece: UnsafeBufferPointer<UInt8>) {
                    guard let source = piece.baseAddress, let target = body.baseAddress, piece.count <= body.count - count else { return }
                    (target + count).update(from: source, count: piece.count)
                    count += piece.count
                }
                var offset = 0
                for (textLength, value) in slots {
                    copy(UnsafeBufferPointer(rebasing: text[offset..<offset + textLength]))
                    offset += textLength
                    if let value, value < places.count { copy(UnsafeBufferPointer(rebasing: values[places[value]])) }
                }
                return count
            }
        }
    }
}
