import DeepLinkBytes
import Foundation
import Testing

@Suite("JSON strings")
struct JSONWriterTests {
    @Test("strings escape only what JSON requires, and JSON parsers read them back")
    func escaping() throws {
        var writer = JSONWriter()
        let hostile = "\"\\</script><b>&\u{0}\u{1F}\n\r\t\u{2028}\u{2029}é😀€\u{2027}"
        writer.beginArray()
        writer.string(nil, hostile)
        writer.endArray()
        #expect(writer.text == "[\"\\\"\\\\</script><b>&\\u0000\\u001f\\n\\r\\t\u{2028}\u{2029}é😀€‧\"]")
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [String]
        #expect(decoded == [hostile])
    }

    @Test("an escaped string is never more than six times its text, and text without quotes, backslashes or controls is itself")
    func amplification() {
        var ampersands = JSONWriter()
        ampersands.string(nil, String(repeating: "&<>", count: 1000))
        #expect(ampersands.bytes.count == 3002)
        var controls = JSONWriter()
        controls.string(nil, String(repeating: "\u{1}", count: 1000))
        #expect(controls.bytes.count == 6002)
    }
}

@Suite("Writing JSON")
struct JSONWriterStructureTests {
    @Test("commas, keys, nulls, Booleans, integers and raw values, nested")
    func structure() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("s", "x")
        writer.string("none", nil)
        writer.bool("yes", true)
        writer.bool("no", false)
        writer.int("min", Int.min)
        writer.int("max", Int.max)
        writer.int("zero", 0)
        writer.beginObject("raw")
        writer.beginArray("a")
        writer.int(nil, 1)
        writer.endArray()
        writer.endObject()
        writer.beginArray("list")
        writer.int(nil, -7)
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.string(nil, "z")
        writer.endArray()
        writer.beginObject("empty")
        writer.endObject()
        writer.endObject()
        #expect(
            writer.text
                == #"{"s":"x","none":null,"yes":true,"no":false,"min":-9223372036854775808,"max":9223372036854775807,"zero":0,"raw":{"a":[1]},"list":[-7,{},[],"z"],"empty":{}}"#
        )
        #expect(try JSONSerialization.jsonObject(with: Data(writer.bytes)) is [String: Any])
    }

    @Test("nesting deeper than 64 levels keeps its commas")
    func deepNesting() throws {
        var writer = JSONWriter()
        for _ in 0..<100 {
            writer.beginArray()
            writer.int(nil, 1)
        }
        for _ in 0..<100 { writer.endArray() }
        #expect(writer.text == String(repeating: "[1,", count: 99) + "[1" + String(repeating: "]", count: 100))
        #expect(try JSONSerialization.jsonObject(with: Data(writer.bytes)) is [Any])
    }
}
