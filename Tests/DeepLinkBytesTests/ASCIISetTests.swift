import Testing

@testable import DeepLinkBytes

@Suite("ASCII sets as 128-bit masks")
struct ASCIISetTests {
    @Test(
        "each named set holds exactly the bytes its standard lists, for every byte value",
        arguments: [
            "unreserved", "token", "pathSafe", "jsonEscaped", "htmlEscaped", "hexDigits", "digits", "letters", "alphanumerics", "controls", "controlsAndSpace",
        ])
    func namedSets(name: String) throws {
        let (set, isMember) = try #require(Self.definitions[name])
        for byte in UInt8.min...UInt8.max {
            #expect(set.contains(byte) == isMember(byte), "\(name): byte \(byte)")
        }
    }

    /// Each named set with its definition written out plainly.
    private static let definitions: [String: (ASCIISet, @Sendable (UInt8) -> Bool)] = [
        "unreserved": (.unreserved, { isLetter($0) || isDigit($0) || "-._~".utf8.contains($0) }),
        "token": (.token, { isLetter($0) || isDigit($0) || "!#$%&'*+-.^_`|~".utf8.contains($0) }),
        "pathSafe": (.pathSafe, { isLetter($0) || isDigit($0) || "-._~!$&'()*+,;=:@".utf8.contains($0) }),
        "jsonEscaped": (.jsonEscaped, { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }),
        "htmlEscaped": (.htmlEscaped, { "<>&\"'".utf8.contains($0) }),
        "hexDigits": (.hexDigits, { "0123456789abcdefABCDEF".utf8.contains($0) }),
        "digits": (.digits, isDigit),
        "letters": (.letters, isLetter),
        "alphanumerics": (.alphanumerics, { isLetter($0) || isDigit($0) }),
        "controls": (.controls, { $0 < 0x20 || $0 == 0x7F }),
        "controlsAndSpace": (.controlsAndSpace, { $0 <= 0x20 || $0 == 0x7F }),
    ]

    @Test("the bytes either side of each 64-bit half are told apart")
    func halves() {
        let set = ASCIISet("\u{0}?@\u{7F}")
        #expect([0x00, 0x3F, 0x40, 0x7F].allSatisfy(set.contains))
        #expect(![0x01, 0x3E, 0x41, 0x7E, 0x80, 0xBF, 0xC0, 0xFF].contains(where: set.contains))
    }

    @Test("bytes from 0x80 up are never members, even when the text that builds the set holds them")
    func nonASCII() {
        var set = ASCIISet("é日")
        set.insert(0xFF)
        #expect(set == ASCIISet())
        #expect(!(UInt8(0x80)...UInt8(0xFF)).contains(where: ASCIISet(0x00...0xFF).contains))
        #expect(ASCIISet(0x00...0xFF) == ASCIISet(0x00...0x7F))
    }

    @Test("union, difference and containsAll")
    func algebra() {
        let vowels = ASCIISet("aeiou")
        let letters = ASCIISet.letters
        #expect(letters.union(vowels) == letters)
        #expect(!letters.subtracting(vowels).contains(UInt8(ascii: "e")))
        #expect(letters.subtracting(vowels).contains(UInt8(ascii: "b")))
        #expect(vowels.containsAll("ouia".utf8))
        #expect(!vowels.containsAll("oui!".utf8))
        #expect(vowels.containsAll([UInt8]()))
    }

    @Test("firstMember gives the index of the first member in the collection's own indices, or nil")
    func firstMember() {
        let controls = ASCIISet.controlsAndSpace
        let bytes = Array("/c/1 x\t".utf8)
        #expect(controls.firstMember(in: bytes) == 4)
        #expect(controls.firstMember(in: bytes[5...]) == 6)
        #expect(controls.firstMember(in: Array("/c/CH-42".utf8)) == nil)
        #expect(controls.firstMember(in: [UInt8]()) == nil)
        let text = "ab\u{7F}c"
        #expect(controls.firstMember(in: text.utf8).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } == 2)
    }

    @Test("contiguous bytes (arrays, slices, strings, substrings) and element-by-element ones read the same")
    func contiguousAndNot() {
        var generator = SystemRandomNumberGenerator()
        let sets: [ASCIISet] = [.controlsAndSpace, .unreserved, ASCIISet("aeiou"), ASCIISet()]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...0xFF, using: &generator) }
            let start = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            let slice = bytes[start...]
            let text = String(decoding: bytes, as: UTF8.self)
            let substring = text.dropFirst(min(2, text.count))
            for set in sets {
                let expectedAll = slice.allSatisfy { set.contains($0) }
                let expectedFirst = slice.firstIndex { set.contains($0) }
                #expect(set.containsAll(slice) == expectedAll)
                #expect(set.containsAll(slice.lazy.map { $0 }) == expectedAll)
                #expect(set.firstMember(in: slice) == expectedFirst)
                #expect(set.firstMember(in: slice.lazy.map { $0 }) == expectedFirst)
                #expect(set.containsAll(substring.utf8) == substring.utf8.allSatisfy { set.contains($0) })
                #expect(set.firstMember(in: substring.utf8) == substring.utf8.firstIndex { set.contains($0) })
                #expect(set.firstMember(in: text.utf8) == text.utf8.firstIndex { set.contains($0) })
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte)
    }
}
