import DeepLinkBytes
import DeepLinkWire
import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("The resolve-result JSON, sized and written in one writer")
struct ResolveResultWritingTests {
    typealias C = ResolveCorpus

    static let results: [ResolveResult] = C.urls(count: 400).flatMap { url in
        C.contexts.compactMap { try? C.table.resolve(url, state: $0.state, features: $0.features) }
    }

    @Test("the corpus reaches every outcome: each unmatched reason, a stack, an alias, an action and a feature's reason")
    func corpusCoversEveryShape() {
        let jsons = Self.results.map { $0.json() }
        for reason in UnmatchedReason.allCases {
            #expect(jsons.contains { $0.contains(#""matched":false,"reason":"\#(reason.rawValue)""#) }, "no \(reason)")
        }
        for member in [#""stack":["#, #""via":"note/$(text)""#, #""action":"dispatch""#, #""action":"ignore""#, #""reason":"featureDisabled""#] {
            #expect(jsons.contains { $0.contains(member) }, "no \(member)")
        }
        for escape in [#"\""#, #"\\"#, #"\u0001"#, #"\n"#, "日本", #"\t"#] {
            #expect(jsons.contains { $0.contains(#""params":{"text":""#) && $0.contains(escape) }, "no parameter value with \(escape)")
        }
    }

    @Test("jsonBytes() and json() give the bytes JSONWriter wrote member by member, for every generated URL")
    func equalsTheMemberByMemberWriter() {
        var mismatches = 0
        for result in Self.results where result.jsonBytes() != result.referenceJSON || Array(result.json().utf8) != result.referenceJSON {
            mismatches += 1
            if mismatches <= 3 { Issue.record("\(result.url.debugDescription): \(result.json()) != \(String(decoding: result.referenceJSON, as: UTF8.self))") }
        }
        #expect(mismatches == 0)
    }

    @Test("answers around the size of the scratch memory they are first written in come out whole, below and above it")
    func answersAroundTheScratchSize() throws {
        // A note long enough that the answer (its URL, its value and its two links) crosses the scratch size.
        var lengths: [Int] = []
        for length in stride(from: 150, through: 450, by: 3) {
            let url = "https://a.example/n/" + String(repeating: "a", count: length)
            let result = try C.table.resolve(url, state: "ready", features: ["notes"])
            let bytes = result.jsonBytes()
            #expect(bytes == result.referenceJSON, "\(bytes.count) bytes")
            #expect(Array(result.json().utf8) == bytes)
            #expect(try JSONSerialization.jsonObject(with: Data(bytes)) is [String: Any])
            lengths.append(bytes.count)
        }
        #expect(lengths.contains { $0 <= ResolveResult.scratchSize } && lengths.contains { $0 > ResolveResult.scratchSize })
    }

    @Test("the length withJSON gives is exactly what its writer writes, and nothing is dropped")
    func lengthIsExact() {
        for result in Self.results {
            let (length, written, isTruncated) = result.withJSON { length, write in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
                    var writer = ByteWriter(buffer)
                    write(&writer)
                    return (length, writer.count, writer.isTruncated)
                }
            }
            #expect(written == length && !isTruncated, "\(result.url.debugDescription)")
        }
    }

    @Test("a batch writes each result as jsonBytes() does, comma-separated, and parses back as JSON")
    func batchElementsAreTheSame() throws {
        let results = Array(Self.results.prefix(300))
        var writer = JSONWriter()
        writer.beginArray()
        for result in results { result.write(to: &writer) }
        writer.endArray()
        let expected = [UInt8]("[".utf8) + Array(results.map(\.referenceJSON).joined(separator: [UInt8(ascii: ",")])) + [UInt8]("]".utf8)
        #expect(writer.bytes == expected)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [[String: Any]])
        #expect(parsed.map { $0["url"] as? String } == results.map(\.url))
    }

    @Test("the server's WireTable, its pieces built once per table, writes every result and batch as the reference does")
    func wireTableWritesTheSameBytes() {
        let wire = WireTable(C.table)
        var mismatches = 0
        var writer = JSONWriter()
        writer.beginArray()
        for result in Self.results {
            let bytes = wire.withJSON(of: result) { length, write in
                [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                    var writer = ByteWriter(buffer)
                    write(&writer)
                    count = writer.count
                }
            }
            if bytes != result.referenceJSON { mismatches += 1 }
            wire.write(result, to: &writer)
        }
        writer.endArray()
        #expect(mismatches == 0)
        let expected = [UInt8]("[".utf8) + Array(Self.results.map(\.referenceJSON).joined(separator: [UInt8(ascii: ",")])) + [UInt8]("]".utf8)
        #expect(writer.bytes == expected)
    }
}
