import Foundation

/// Reads QR codes back with tools that share no code with deeplinkd: `zbarimg` (Debian zbar-tools) decodes a PNG,
/// and `rsvg-convert` (librsvg2-bin) first renders an SVG as browsers and printers would.
enum QRDecoder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The text of the one code in the PNG or SVG file at `path`.
    static func decode(_ path: String) throws -> String {
        var png = path
        if path.hasSuffix(".svg") {
            png = path + ".rendered.png"
            _ = try run("rsvg-convert", ["--output", png, path])
        }
        // --raw: the text alone; -q: no statistics. One code, one line.
        let output = try run("zbarimg", ["--quiet", "--raw", png])
        guard output.hasSuffix("\n"), output.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1 else {
            throw Failure(description: "zbarimg found not exactly one code in \(path): \(output)")
        }
        return String(output.dropLast())
    }

    /// Runs `tool`, returning its standard output; its standard error (zbarimg's D-Bus chatter) is dropped.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let path = ["/usr/bin", "/usr/local/bin", "/bin"].map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile) else {
            throw Failure(description: "\(tool) is required by this test but was not found (make test-deps installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
