import Foundation
import Testing

@testable import StickerCodes

@Suite("SVG and PNG images of a code")
struct ImageTests {
    static let code = try? QRCode(encoding: "https://links.example.com/c/CH-42", correction: .medium)

    @Test(
        "every module of the PNG is a whole square of pixels, centred, margin included",
        arguments: [(512, 4), (37, 4), (100, 0), (333, 10), (1000, 1)])
    func png(size: Int, margin: Int) throws {
        let code = try #require(Self.code)
        let image = try PNGReader(code.png(layout: ImageLayout(size: size, margin: margin)))
        #expect(image.width == size && image.height == size)
        let span = code.width + 2 * margin
        let scale = size / span
        let origin = (size - scale * span) / 2 + margin * scale
        for y in 0..<size {
            for x in 0..<size {
                let row = (y - origin) >= 0 ? (y - origin) / scale : -1
                let column = (x - origin) >= 0 ? (x - origin) / scale : -1
                let isInside = (0..<code.width).contains(row) && (0..<code.width).contains(column)
                guard image.pixels[y][x] == (isInside && code.isDark(row: row, column: column)) else {
                    Issue.record("pixel \(x), \(y) of a \(size) px image with margin \(margin)")
                    return
                }
            }
        }
    }

    @Test("the SVG is one crisp path covering exactly the dark modules, in a viewBox that holds the margin")
    func svg() throws {
        let code = try #require(Self.code)
        let svg = try code.svg(layout: ImageLayout(size: 300, margin: 2))
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 33 33" shape-rendering="crispEdges">"#))
        #expect(svg.components(separatedBy: "<path").count == 2)
        let path = try #require(svg.split(separator: #" d=""#).last?.split(separator: "\"").first)
        var dark = Set<[Int]>()
        for run in path.split(separator: "z") {
            // M{x} {y}h{n}v1h-{n}
            let numbers = run.split(whereSeparator: { "Mhv -".contains($0) }).compactMap { Int($0) }
            try #require(numbers.count == 5 && numbers[3] == 1 && numbers[4] == numbers[2])
            for x in numbers[0]..<(numbers[0] + numbers[2]) { dark.insert([numbers[1] - 2, x - 2]) }
        }
        let expected = Set((0..<code.width).flatMap { row in (0..<code.width).filter { code.isDark(row: row, column: $0) }.map { [row, $0] } })
        #expect(dark == expected)
    }

    @Test("an image with fewer pixels than modules across is refused, naming what it needs")
    func tooSmall() throws {
        let code = try #require(Self.code)
        let error = ImageLayoutError.tooSmall(size: 36, needed: 37, modules: 29, margin: 4)
        #expect(throws: error) { try code.png(layout: ImageLayout(size: 36, margin: 4)) }
        #expect(throws: error) { try code.svg(layout: ImageLayout(size: 36, margin: 4)) }
        #expect(error.description == "a 36 px image is too small for this code: it needs at least 37 px (29 modules and a margin of 4 on each side)")
    }

    @Test("a large PNG (2000 px, 500 KB of pixels) reads back whole")
    func large() throws {
        let code = try #require(Self.code)
        let image = try PNGReader(code.png(layout: ImageLayout(size: 2000, margin: 4)))
        #expect(image.width == 2000 && image.pixels.count == 2000)
        #expect(image.pixels.allSatisfy { $0.count == 2000 })
    }

    @Test(
        "the PNG's pixels are deflate-compressed, not stored: a 512 px code is under 1 KB",
        arguments: [(512, 1_024), (1000, 2_048)])
    func compressed(size: Int, limit: Int) throws {
        let code = try #require(Self.code)
        let file = try code.png(layout: ImageLayout(size: size, margin: 4))
        let image = try PNGReader(file)
        #expect(image.firstBlockType != 0)
        // Stored, the pixels alone are size × (size / 8 + 1) bytes: 33,280 at 512 px.
        #expect(file.count < limit, "\(file.count) bytes")
    }
}
