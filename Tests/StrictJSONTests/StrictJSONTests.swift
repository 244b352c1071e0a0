import Testing

@testable import StrictJSON

@Suite("Strict JSON")
struct StrictJSONTests {
    @Test("reads what RFC 8259 allows: escapes, surrogate pairs, numbers, nesting, whitespace")
    func allowed() throws {
        let text = " {\"a\": [1, -0.5e+3, true, false, null, \"\\u00e9\\ud83d\\ude00\\n\\/\"], \"b\": {}} "
        #expect(
            try StrictJSON.parse(Array(text.utf8))
                == .object([
                    ("a", .array([.number("1"), .number("-0.5e+3"), .bool(true), .bool(false), .null, .string("é😀\n/")])), ("b", .object([])),
                ]))
    }

    @Test(
        "refuses what RFC 8259 does not allow, or a batch could read two ways, naming what and the byte",
        arguments: [
            (#"{"a": 1,}"#, "a trailing comma at byte 8"), ("[1,]", "a trailing comma at byte 3"),
            (#"{"a": 1, "a": 2}"#, "the key 'a' given twice at byte 9"), (#"["\ud800"]"#, "a lone surrogate at byte 2"),
            ("[01]", "a malformed number at byte 1"), ("[1] x", "more after the JSON value at byte 4"),
            ("", "the end of the body where a value was expected at byte 0"),
            ("/* c */ 1", "'/' where a value was expected at byte 0"),
            (String(repeating: "[", count: 33) + String(repeating: "]", count: 33), "more than 32 levels of nesting at byte 32"),
        ])
    func refused(text: String, problem: String) {
        #expect(throws: StrictJSONError.self) { try StrictJSON.parse(Array(text.utf8)) }
        do {
            _ = try StrictJSON.parse(Array(text.utf8))
        } catch {
            #expect(error.description == "the body is not strict JSON (RFC 8259): " + problem)
        }
    }

    @Test("32 levels of nesting are read")
    func deepest() throws {
        let text = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(try StrictJSON.parse(Array(text.utf8)) != .null)
    }
}
