extension QRCode {
    /// The code as a black-and-white PNG `layout.size` px square. Every module is the same whole number of pixels,
    /// the largest that fits; the pixels left over widen the margin evenly, so the code stays centred and sharp.
    package func png(layout: ImageLayout) throws(ImageLayoutError) -> [UInt8] {
        try layout.check(self)
        let scale = layout.size / layout.span(of: self)
        let origin = (layout.size - scale * layout.span(of: self)) / 2 + layout.margin * scale
        let rowBytes = (layout.size + 7) / 8
        let blank = [UInt8](repeating: 0xFF, count: rowBytes)
        var rows = [[UInt8]](repeating: blank, count: layout.size)
        for moduleRow in 0..<width {
            var pixels = blank
            for column in 0..<width where isDark(row: moduleRow, column: column) {
                for x in (origin + column * scale)..<(origin + (column + 1) * scale) {
                    pixels[x >> 3] &= ~(0x80 >> UInt8(x & 7))
                }
            }
            for y in (origin + moduleRow * scale)..<(origin + (moduleRow + 1) * scale) { rows[y] = pixels }
        }
        return try BilevelPNG(width: layout.size, height: layout.size, rows: rows).encoded()
    }
}
