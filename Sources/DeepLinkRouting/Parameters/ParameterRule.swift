/// What a parameter's value must look like: its characters and its length in characters (Unicode scalars).
public struct ParameterRule: Sendable, Hashable {
    /// Allowed characters.
    package let charset: CharacterClass
    /// Minimum length in characters.
    package let minimumLength: Int
    /// Maximum length in characters.
    package let maximumLength: Int
    /// For a query parameter: whether the URL must carry it. Path parameters are always present.
    public let isRequired: Bool

    /// A rule; `check` reports rules that nothing can satisfy.
    package init(charset: CharacterClass, minimumLength: Int, maximumLength: Int, isRequired: Bool) {
        self.charset = charset
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.isRequired = isRequired
    }

    /// Checks a decoded value.
    ///
    /// - Parameter value: The value, percent-decoded.
    /// - Returns: How it breaks the rule (the first forbidden character, or its length), or nil when it validates.
    public func validate(_ value: Substring) -> ParameterViolation? {
        value.utf8.withContiguousStorageIfAvailable(validate) ?? Array(value.utf8).withUnsafeBufferPointer(validate)
    }

    /// Checks a decoded value given as valid UTF-8 bytes, scalar by scalar.
    func validate(_ bytes: Bytes) -> ParameterViolation? {
        var length = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(width == 1 ? lead : lead & (0xFF >> (width + 1)))
            for offset in 1..<width where index + offset < bytes.count {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            index += width
            guard let scalar = Unicode.Scalar(value), charset.contains(scalar) else {
                return .forbiddenCharacter(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            length += 1
            if length > maximumLength { return .tooLong(maximum: maximumLength) }
        }
        return length < minimumLength ? .tooShort(minimum: minimumLength) : nil
    }
}
