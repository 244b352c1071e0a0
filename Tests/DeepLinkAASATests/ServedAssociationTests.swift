import LinkDoctor
import Testing

/// `deeplinkd doctor` reads a served AASA as Apple's CDN does: UTF-8 without a byte order mark, and JSON as RFC 8259
/// writes it, none of the leniencies of JSON5 or of Foundation's reader on Linux.
@Suite("A served AASA is read as strictly as Apple's CDN reads it")
struct ServedAssociationTests {
    static let notJSON = "so neither Apple's CDN nor iOS can read it"

    /// Why `text` (as UTF-8) is refused, or nil when it is read.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do throws(ServedAssociation.Unreadable) {
            _ = try ServedAssociation(body: bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(
        "JSON5-isms and other leniencies are refused, each named with its line and column",
        arguments: [
            (#"{"a":1,}"#, "line 1, column 7: a trailing comma"),
            (#"{"a":[1,2,]}"#, "line 1, column 10: a trailing comma"),
            ("{\n  \"a\": 1,\n}", "line 2, column 9: a trailing comma"),
            (#"{'a':1}"#, "line 1, column 2: a single-quoted key (JSON keys take double quotes)"),
            (#"{a:1}"#, "line 1, column 2: 'a' where a double-quoted key belongs (an unquoted key is not JSON)"),
            (#"{"a":'x'}"#, "line 1, column 6: a single-quoted string (JSON strings take double quotes)"),
            (#"{"a":NaN}"#, "line 1, column 6: NaN or Infinity, which JSON has no number for"),
            (#"{"a":Infinity}"#, "line 1, column 6: NaN or Infinity, which JSON has no number for"),
            (#"{"a":-Infinity}"#, "line 1, column 6: '-' without a digit after it"),
            (#"{"a":+1}"#, "line 1, column 6: a number with a '+' sign"),
            (#"{"a":01}"#, "line 1, column 6: a number with a leading zero"),
            (#"{"a":0x1F}"#, "line 1, column 6: a hexadecimal number"),
            (#"{"a":.5}"#, "line 1, column 6: a number without a digit before its '.'"),
            (#"{"a":1.}"#, "line 1, column 6: a number without a digit after its '.'"),
            (#"{"a":1e}"#, "line 1, column 6: a number without a digit in its exponent"),
            (#"{"a":"\x"}"#, "line 1, column 7: an escape JSON does not have"),
            (#"{"a":"\u12G4"}"#, "line 1, column 11: a \\u escape without 4 hexadecimal digits"),
            ("{\"a\":\"tab\there\"}", "line 1, column 10: control character 0x09 in a string (JSON escapes it)"),
            (#"{"a":1} x"#, "line 1, column 9: more text after the JSON value"),
            (#"{"a":1}{"b":2}"#, "line 1, column 8: more text after the JSON value"),
            ("/* links */ {}", "line 1, column 1: a comment, which JSON does not allow"),
            ("{\"a\":1 // links\n}", "line 1, column 8: a comment, which JSON does not allow"),
            (#"{"a":tru}"#, "line 1, column 6: 't' where a value belongs"),
            (#"{"a" 1}"#, "line 1, column 6: '1' where ':' belongs after a key"),
            (#"{"a":1"#, "line 1, column 7: the end of the body inside {"),
            ("", "line 1, column 1: the end of the body where a value belongs"),
            ("{\"a\":\u{0B}1}", "line 1, column 6: byte 0x0B where a value belongs"),
            (#"{"a":"open"#, "line 1, column 11: the end of the body inside a string"),
        ])
    func refused(text: String, violation: String) {
        #expect(Self.refusal(Array(text.utf8)) == "the body is not JSON (\(violation)), \(Self.notJSON)")
    }

    @Test("nesting far deeper than any stack is followed without recursion")
    func deepNesting() {
        let depth = 131_072
        #expect(
            Self.refusal([UInt8](repeating: UInt8(ascii: "["), count: depth))
                == "the body is not JSON (line 1, column \(depth + 1): the end of the body where a value belongs), \(Self.notJSON)")
    }

    @Test(
        "strict JSON is read: white space, numbers, escapes and characters of every kind",
        arguments: [
            #"{"applinks":{"details":[]}}"#, " \t\r\n{ \"a\" : [ true , false , null , { } , [ ] ] } \r\n ",
            #"{"n":[0,-0,-0.5e+10,1E-3,12.25,9007199254740993]}"#, #"{"s":"\u00e9\n\"\\\/\b\f\r\t\uD83D\uDE80"}"#,
            #"{"s":"é 日本 🚀"}"#, #"{"a":{"a":{"a":{"a":{}}}}}"#, #"{"a":1,"a":2}"#,
        ])
    func accepted(text: String) {
        #expect(Self.refusal(Array(text.utf8)) == nil)
    }

    @Test("a body that is JSON but not an object has no applinks")
    func notAnObject() {
        #expect(Self.refusal(Array("[1]".utf8)) == "the body is JSON but not an object, so iOS finds no applinks in it")
    }

    @Test(
        "UTF-16 and UTF-32 are told by their marks or by their zero bytes; a UTF-8 mark and bytes that are not UTF-8 fail too",
        arguments: [
            (
                [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00],
                "the body is UTF-16 (little-endian, with a byte order mark), not UTF-8: Apple's CDN and iOS read the AASA as UTF-8 only"
            ),
            ([0x00, 0x7B, 0x00, 0x7D], "the body is UTF-16 (big-endian), not UTF-8: Apple's CDN and iOS read the AASA as UTF-8 only"),
            (
                [0x7B, 0x00, 0x00, 0x00, 0x7D, 0x00, 0x00, 0x00],
                "the body is UTF-32 (little-endian), not UTF-8: Apple's CDN and iOS read the AASA as UTF-8 only"
            ),
            (
                [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x7B],
                "the body is UTF-32 (big-endian, with a byte order mark), not UTF-8: Apple's CDN and iOS read the AASA as UTF-8 only"
            ),
            (
                [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],
                "the body starts with a UTF-8 byte order mark, which JSON text must not have (RFC 8259 §8.1) and a strict reader such as Apple's CDN refuses"
            ),
            (
                [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D],
                "the body is not UTF-8 (byte 0xC3 at offset 2 begins no character): Apple's CDN and iOS read the AASA as UTF-8 only"
            ),
            (
                [0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D],
                "the body is not UTF-8 (byte 0xED at offset 2 begins no character): Apple's CDN and iOS read the AASA as UTF-8 only"
            ),
        ] as [([UInt8], String)])
    func encodings(bytes: [UInt8], problem: String) {
        #expect(Self.refusal(bytes) == problem)
    }
}
