extension SwiftGenerator {
    /// The primitive types every decoding container must decode.
    private static let primitives = [
        "Bool", "String", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// `EmbeddedDecoder` and its containers: a `Decoder` over an `EmbeddedJSON` value, as much of one as decoding the
    /// embedded routes needs; a value of another shape is a `DecodingError`.
    var embeddedDecoder: String {
        let keyed = Self.primitives.map { "func decode(_ type: \($0).Type, forKey key: Key) throws -> \($0) { try \($0)(from: decoder(key)) }" }
        let unkeyed = Self.primitives.map { "mutating func decode(_ type: \($0).Type) throws -> \($0) { try \($0)(from: next()) }" }
        let single = Self.primitives.filter { !["Bool", "String", "Int"].contains($0) }.map {
            "func decode(_ type: \($0).Type) throws -> \($0) { try \($0)(exactly: decode(Int.self)) ?? { throw mismatch(type) }() }"
        }
        let decoder = nonisolatedDeclaration(
            "struct EmbeddedDecoder: Decoder, SingleValueDecodingContainer",
            body: [
                "let value: EmbeddedJSON", "let codingPath: [any CodingKey]", "var userInfo: [CodingUserInfoKey: Any] { [:] }", "",
                "func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {",
                "    guard case .object(let members) = value else { throw mismatch([String: Any].self) }",
                "    return KeyedDecodingContainer(EmbeddedKeyedContainer<Key>(members: members, codingPath: codingPath))",
                "}", "",
                "func unkeyedContainer() throws -> any UnkeyedDecodingContainer {",
                "    guard case .array(let elements) = value else { throw mismatch([Any].self) }",
                "    return EmbeddedUnkeyedContainer(elements: elements, codingPath: codingPath)",
                "}", "",
                "func singleValueContainer() throws -> any SingleValueDecodingContainer { self }", "",
                "func mismatch(_ type: Any.Type) -> DecodingError {",
                "    DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: \"not in the embedded table\"))",
                "}", "",
                "func decodeNil() -> Bool {",
                "    guard case .null = value else { return false }",
                "    return true",
                "}", "",
                "func decode(_ type: Bool.Type) throws -> Bool {",
                "    guard case .boolean(let boolean) = value else { throw mismatch(type) }",
                "    return boolean",
                "}", "",
                "func decode(_ type: String.Type) throws -> String {",
                "    guard case .string(let string) = value else { throw mismatch(type) }",
                "    return string",
                "}", "",
                "func decode(_ type: Int.Type) throws -> Int {",
                "    guard case .integer(let integer) = value else { throw mismatch(type) }",
                "    return integer",
                "}", "",
            ] + single + ["", "func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: self) }"],
            indent: "    ")
        let keyedContainer = nonisolatedDeclaration(
            "struct EmbeddedKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol",
            body: [
                "let members: [(key: String, value: EmbeddedJSON)]", "let codingPath: [any CodingKey]",
                "var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }", "",
                "func contains(_ key: Key) -> Bool { member(key) != nil }", "",
                "func member(_ key: Key) -> EmbeddedJSON? {",
                "    let name = key.stringValue",
                "    return members.first { $0.key == name }?.value",
                "}", "",
                "/// The decoder of the member `key`. Its coding path is the object's: the embedded table has no use for more.",
                "func decoder(_ key: Key) throws -> EmbeddedDecoder {",
                "    guard let value = member(key) else {",
                "        throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: \"not in the embedded table\"))",
                "    }",
                "    return EmbeddedDecoder(value: value, codingPath: codingPath)",
                "}", "",
                "func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }",
            ] + keyed + [
                "func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value { try Value(from: decoder(key)) }", "",
                "func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {",
                "    try decoder(key).container(keyedBy: type)",
                "}", "",
                "func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(key).unkeyedContainer() }",
                "func superDecoder() throws -> any Decoder { EmbeddedDecoder(value: .object(members), codingPath: codingPath) }",
                "func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }",
            ], indent: "    ")
        let unkeyedContainer = nonisolatedDeclaration(
            "struct EmbeddedUnkeyedContainer: UnkeyedDecodingContainer",
            body: [
                "let elements: [EmbeddedJSON]", "let codingPath: [any CodingKey]", "var currentIndex = 0",
                "var count: Int? { elements.count }", "var isAtEnd: Bool { currentIndex >= elements.count }", "",
                "/// The decoder of the next element, which it consumes.",
                "mutating func next() throws -> EmbeddedDecoder {",
                "    guard !isAtEnd else { throw EmbeddedDecoder(value: .null, codingPath: codingPath).mismatch(Any.self) }",
                "    currentIndex += 1",
                "    return EmbeddedDecoder(value: elements[currentIndex - 1], codingPath: codingPath)",
                "}", "",
                "mutating func decodeNil() throws -> Bool {",
                "    guard !isAtEnd, case .null = elements[currentIndex] else { return false }",
                "    currentIndex += 1",
                "    return true",
                "}",
            ] + unkeyed + [
                "mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: next()) }", "",
                "mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {",
                "    try next().container(keyedBy: type)",
                "}", "",
                "mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }",
                "mutating func superDecoder() throws -> any Decoder { try next() }",
            ], indent: "    ")
        return """
            extension \(name).EmbeddedTable {
                /// Decodes a value from an `EmbeddedJSON` value, and is the container of a single one.
            \(decoder)
                /// The members of an object.
            \(keyedContainer)
                /// The elements of an array.
            \(unkeyedContainer)}

            """
    }
}
