extension String {
    /// Decodes a C character buffer as UTF-8 up to its first NUL (or its end), repairing invalid bytes.
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
