extension QRCode {
    /// The code as an SVG document `layout.size` px square: a white square and one black path, drawn in module
    /// units with `crispEdges`, so renderers neither blur nor seam adjacent modules.
    package func svg(layout: ImageLayout) throws(ImageLayoutError) -> String {
        try layout.check(self)
        let span = layout.span(of: self)
        var path = ""
        path.reserveCapacity(width * width * 4)
        for row in 0..<width {
            var column = 0
            while column < width {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                // One rectangle per run of dark modules in the row.
                let start = column
                while column < width, isDark(row: row, column: column) { column += 1 }
                let length = column - start
                path += "M\(start + layout.margin) \(row + layout.margin)h\(length)v1h-\(length)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(layout.size)" height="\(layout.size)" \
            viewBox="0 0 \(span) \(span)" shape-rendering="crispEdges">\
            <rect width="\(span)" height="\(span)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

            """
    }
}
