import Testing

@testable import DeepLinkBytes

@Suite("Writing bytes into memory sized beforehand")
struct ByteWriterTests {
    @Test(
        "decimals are written padded to the digits asked for",
        arguments: [
            (0, 1, "0"), (7, 3, "007"), (1234, 3, "1234"), (-5, 1, "0"), (Int.max, 1, "9223372036854775807"),
            (42, 20, "00000000000000000042"), (42, 99, "00000000000000000042"), (5, 2, "05"), (10, 1, "10"), (99, 4, "0099"),
            (100, 1, "100"), (105, 1, "105"), (1009, 1, "1009"), (90_817, 6, "090817"), (1_000_000_000_000_000_000, 1, "1000000000000000000"),
        ])
    func decimal(value: Int, digits: Int, text: String) {
        var bytes: [UInt8] = [UInt8(ascii: ">")]
        ByteWriter.append(to: &bytes, capacity: 20) { $0.writeDecimal(value, digits: digits) }
        #expect(String(decoding: bytes, as: UTF8.self) == ">" + text)
    }

    @Test("two digits are written for 0 through 99, and a value outside is held to that range")
    func twoDigits() {
        var bytes: [UInt8] = []
        ByteWriter.append(to: &bytes, capacity: 14) { writer in
            for value in [0, 7, 10, 59, 99, -3, 123] { writer.writeTwoDigits(value) }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "00071059990099")
    }

    @Test("a string that is not a literal is written as its UTF-8")
    func strings() {
        let text = ["caf", "é ", "日本"].joined()
        var bytes: [UInt8] = []
        ByteWriter.append(to: &bytes, capacity: 32) { writer in
            writer.write(string: text)
            writer.write("!")
        }
        #expect(bytes == Array("café 日本!".utf8))
    }

    @Test(
        "JSON strings come out exactly as JSONWriter writes them, in the room jsonStringCapacity gives",
        arguments: ["", "plain", "\"quote\" \\ back", "<script>&amp;", "\u{0}\u{1}\u{1F}\n\r\t", "line\u{2028}para\u{2029}", "é ü 日本 🙂", "\u{E2}\u{80}"])
    func jsonStrings(text: String) {
        var direct: [UInt8] = []
        var writer = JSONWriter()
        writer.string(nil, text)
        ByteWriter.append(to: &direct, capacity: ByteWriter.jsonStringCapacity(text.utf8.count)) { $0.writeJSONString(text) }
        #expect(direct == writer.bytes)
    }

    @Test("the worst case, every byte a control character, fits the capacity exactly")
    func worstCaseFits() {
        let text = String(repeating: "\u{1}", count: 50)
        var bytes: [UInt8] = []
        var isTruncated = true
        ByteWriter.append(to: &bytes, capacity: ByteWriter.jsonStringCapacity(50)) { writer in
            writer.writeJSONString(text)
            isTruncated = writer.isTruncated
        }
        #expect(!isTruncated)
        #expect(bytes.count == ByteWriter.jsonStringCapacity(50))
    }

    @Test("a write that does not fit is dropped whole and marks the writer truncated; later writes that fit go on")
    func overflowIsDropped() {
        var bytes: [UInt8] = []
        var state: (Bool, Int) = (false, 0)
        ByteWriter.append(to: &bytes, capacity: 8) { writer in
            writer.write("abc")
            writer.write("defghijk")
            writer.writeJSONString("xy")
            writer.writeDecimal(123_456)
            writer.write(UInt8(ascii: "!"))
            state = (writer.isTruncated, writer.count)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "abc!")
        #expect(state == (true, 4))
    }
}
