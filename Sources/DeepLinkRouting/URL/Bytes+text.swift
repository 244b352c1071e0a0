extension UnsafeBufferPointer<UInt8> {
    /// ASCII case-insensitive comparison with a lower-case ASCII string (schemes and hosts).
    func equalsLowercased(_ lowercase: String) -> Bool {
        lowercase.withBytes { expected in
            expected.count == count && zip(self, expected).allSatisfy { ((0x41...0x5A).contains($0) ? $0 | 0x20 : $0) == $1 }
        }
    }

    /// The part between `prefix` and `suffix` when the bytes start and end with them without overlap.
    func between(prefix: String, suffix: String) -> Bytes? {
        prefix.withBytes { prefix in
            suffix.withBytes { suffix in
                guard count >= prefix.count + suffix.count, self[0..<prefix.count].elementsEqual(prefix),
                    self[(count - suffix.count)...].elementsEqual(suffix)
                else { return nil }
                return Bytes(rebasing: self[prefix.count..<(count - suffix.count)])
            }
        }
    }
}

extension String {
    /// Runs `body` on the string's UTF-8 bytes, in place for a native string (copied once otherwise).
    func withBytes<Result>(_ body: (Bytes) -> Result) -> Result {
        utf8.withContiguousStorageIfAvailable(body) ?? Array(utf8).withUnsafeBufferPointer(body)
    }
}
