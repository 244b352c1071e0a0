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

    @Test(
        "a JSON string is measured exactly, and written in its exact room where the worst case does not fit, quoted or not",
        arguments: ["", "plain", "\"quote\" \\ back", "\u{0}\u{1}\u{1F}\n\r\t", "é ü 日本 🙂", "\u{7F}\u{2028}"])
    func exactRoom(text: String) {
        var utf8 = Array(text.utf8)
        let length = utf8.withUnsafeBufferPointer { ByteWriter.jsonStringLength($0) }
        var reference = JSONWriter()
        reference.string(nil, text)
        #expect(length == reference.byteCount)
        var bytes: [UInt8] = []
        var states: [Bool] = []
        ByteWriter.append(to: &bytes, capacity: 2 * length - 2) { writer in
            writer.writeJSONString(text)
            utf8.withUnsafeMutableBufferPointer { writer.writeJSONEscaped(UnsafeBufferPointer($0)) }
            states.append(writer.isTruncated)
            writer.write(UInt8(ascii: "!"))
            states.append(writer.isTruncated)
        }
        #expect(bytes == reference.bytes + reference.bytes.dropFirst().dropLast())
        #expect(states == [false, true])
        var counter = ByteCounter()
        counter.writeJSONString(text)
        counter.writeJSONEscaped(text)
        counter.write("!")
        #expect(counter.count == 2 * length - 1)
    }

    @Test("every byte is escaped as RFC 8259 asks wherever it sits in a string, both sides of each eight-byte word")
    func escapesEveryPosition() {
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            var output: [UInt8] = [0x22]
            for byte in bytes {
                switch byte {
                case 0x22, 0x5C: output += [0x5C, byte]
                case 0x0A: output += Array(#"\n"#.utf8)
                case 0x0D: output += Array(#"\r"#.utf8)
                case 0x09: output += Array(#"\t"#.utf8)
                case 0..<0x20: output += Array(#"\u00"#.utf8) + [Hex.digit(byte >> 4), Hex.digit(byte)]
                default: output.append(byte)
                }
            }
            return output + [0x22]
        }
        let escaped = (UInt8(0)...0xFF).filter { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        #expect((UInt8(0)...0xFF).filter(ASCIISet.jsonEscaped.contains) == escaped)
        var mismatches: [[UInt8]] = []
        for length in 1...17 {
            for position in 0..<length {
                for byte in UInt8(0)...0xFF {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text[position] = byte
                    var written: [UInt8] = []
                    let length = text.withUnsafeBufferPointer { ByteWriter.jsonStringLength($0) }
                    ByteWriter.append(to: &written, capacity: length) { writer in text.withUnsafeBufferPointer { writer.writeJSONString($0) } }
                    if written != reference(text) || length != written.count { mismatches.append(text) }
                }
            }
        }
        let failed = mismatches.count
        #expect(failed == 0, "the first that failed: \(mismatches.first ?? [])")
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
            writer.writeJSONString("x\"y")  // 6 bytes, with 5 left
            writer.writeDecimal(123_456)
            writer.write(UInt8(ascii: "!"))
            state = (writer.isTruncated, writer.count)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "abc!")
        #expect(state == (true, 4))
    }
}
