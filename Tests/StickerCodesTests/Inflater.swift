import Foundation

/// Inflates a zlib stream with Python's `zlib` module (a process of its own, so the test target links no C library):
/// the whole stream must be one complete zlib stream, its Adler-32 right, with nothing after it.
enum Inflater {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let script = """
        import sys, zlib
        stream = open(sys.argv[1], 'rb').read()
        inflater = zlib.decompressobj()
        data = inflater.decompress(stream) + inflater.flush()
        if not inflater.eof or inflater.unused_data:
            sys.exit('the zlib stream is incomplete or has bytes after its end')
        sys.stdout.buffer.write(data)
        """

    static func inflate(_ stream: [UInt8]) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-zlib-\(UUID().uuidString)")
        try Data(stream).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "zlib: \(String(decoding: message, as: UTF8.self))") }
        return Array(data)
    }
}
