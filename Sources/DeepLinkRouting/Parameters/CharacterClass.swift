import DeepLinkBytes

/// The set of characters a parameter may contain, written as the body of a regular-expression character class
/// (`A-Za-z0-9_-`): single characters and `a-z` ranges; `-` is literal first or last; `\` escapes `-`, `\`, `^`, `]`.
public struct CharacterClass: Sendable, Hashable {
    /// Sorted, merged, non-adjacent ranges of Unicode scalar values.
    package let ranges: [ClosedRange<UInt32>]
    /// The body as written.
    package let source: String
    /// The ASCII members, so the common test needs no search of `ranges`.
    private let ascii: ASCIISet

    /// Parses a character-class body.
    package init(_ source: String) throws(CharacterClassError) {
        let scalars = Array(source.unicodeScalars)
        guard !scalars.isEmpty else { throw .empty }
        if scalars[0] == "^" { throw .negated }
        var collected: [ClosedRange<UInt32>] = []
        var index = 0
        func next() throws(CharacterClassError) -> Unicode.Scalar {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\" else { return scalar }
            guard index < scalars.count else { throw .danglingEscape }
            let escaped = scalars[index]
            index += 1
            guard "-\\^]".unicodeScalars.contains(escaped) else { throw .unsupportedEscape(escaped) }
            return escaped
        }
        while index < scalars.count {
            let low = try next()
            if index + 1 < scalars.count, scalars[index] == "-" {
                index += 1
                let high = try next()
                guard low.value <= high.value else { throw .reversedRange(low, high) }
                collected.append(low.value...high.value)
            } else {
                collected.append(low.value...low.value)
            }
        }
        self.init(ranges: collected, source: source)
    }

    private init(ranges unsorted: [ClosedRange<UInt32>], source: String) {
        var merged: [ClosedRange<UInt32>] = []
        for range in unsorted.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        var ascii = ASCIISet()
        for range in merged where range.lowerBound < 0x80 {
            ascii = ascii.union(ASCIISet(UInt8(range.lowerBound)...UInt8(min(range.upperBound, 0x7F))))
        }
        self.ranges = merged
        self.source = source
        self.ascii = ascii
    }

    /// Whether the class contains `scalar`.
    ///
    /// - Parameter scalar: A character of a value.
    /// - Returns: True when the class lists it, alone or in a range.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return ascii.contains(UInt8(value)) }
        return ranges.contains { $0.contains(value) }
    }

    /// Whether every character of `other` is in this class.
    package func isSuperset(of other: CharacterClass) -> Bool {
        other.ranges.allSatisfy { inner in ranges.contains { $0.lowerBound <= inner.lowerBound && inner.upperBound <= $0.upperBound } }
    }

    /// Whether some character is in both classes.
    package func intersects(_ other: CharacterClass) -> Bool {
        ranges.contains { mine in other.ranges.contains { mine.overlaps($0) } }
    }
}
