/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Every field is kept in the order it was added, repeated names included, so nothing a client sent
/// is merged or lost. Lookups compare names ASCII-case-insensitively, as HTTP requires.
public struct HTTPHeaders: Sendable, Equatable, Hashable {
    /// One header field: a name and its value, both as sent or to be sent.
    public struct Field: Sendable, Equatable, Hashable {
        /// The field name, in the spelling it was given.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field from a name and a value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// All fields, in order.
    public private(set) var fields: [Field]

    /// Creates a header list from fields, keeping their order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// The number of fields, repeated names counted each time.
    public var count: Int { fields.count }

    /// Whether there are no fields at all.
    public var isEmpty: Bool { fields.isEmpty }

    /// Appends a field after all existing ones, even if the name is already present.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// The value of the first field named `name` (compared case-insensitively), or nil.
    public subscript(_ name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// Every value of fields named `name` (compared case-insensitively), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether two field names are equal ignoring ASCII case.
    static func namesMatch(_ left: String, _ right: String) -> Bool {
        namesMatch(left.utf8, right)
    }

    /// Whether the field name in `left`'s bytes equals `right`, ignoring ASCII case.
    static func namesMatch(_ left: some Collection<UInt8>, _ right: String) -> Bool {
        left.count == right.utf8.count
            && zip(left, right.utf8).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates a header list from `"Name": "value"` pairs, keeping their written order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
