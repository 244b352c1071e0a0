/// Reads QR codes back with tools that share no code with deeplinkd: `zbarimg` (Debian zbar-tools) decodes a PNG,
/// and `rsvg-convert` (librsvg2-bin) first renders an SVG as browsers and printers would.
enum QRDecoder {
    /// The text of the one code in the PNG or SVG file at `path`.
    static func decode(_ path: String) throws -> String {
        var png = path
        if path.hasSuffix(".svg") {
            png = path + ".rendered.png"
            try Tool.run("rsvg-convert", ["--output", png, path])
        }
        // --raw: the text alone; -q: no statistics. One code, one line.
        let output = try Tool.run("zbarimg", ["--quiet", "--raw", png])
        guard output.hasSuffix("\n"), output.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1 else {
            throw Tool.Failure(description: "zbarimg found not exactly one code in \(path): \(output)")
        }
        return String(output.dropLast())
    }
}
