import ArgumentParser
import Foundation
import StickerCodes

/// `deeplinkd qr ROUTE NAME=VALUE...`: the QR code of an intent's Universal Link; with `--csv`, one per row and a
/// printable sheet.
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Write the QR code (SVG or PNG) of a route's Universal Link; with --csv, one per row and a printable sheet.")

    @OptionGroup var options: ConfigOptions

    @Argument(help: "The route name, such as charger.")
    var route: String

    @Argument(help: "Parameter values as NAME=VALUE (not with --csv).")
    var values: [String] = []

    @Option(help: "svg or png (default: png when --output ends in .png, else svg).")
    var format: StickerMaker.Format?

    @Option(help: "The image's width and height in pixels.")
    var size = 512

    @Option(help: "The light margin around the code, in modules (scanners want 4).")
    var margin = 4

    @Option(help: "Error correction: L, M, Q or H (7, 15, 25 or 30 % of the code may be lost).")
    var ecc: ErrorCorrection = .medium

    @Option(help: "The file to write (default: standard output).")
    var output: String?

    @Option(help: "A CSV file: a header row naming the route's parameters, then one code per row.")
    var csv: String?

    @Option(name: .customLong("output-dir"), help: "With --csv: the directory for the codes and sheet.html.")
    var outputDirectory: String?

    @Option(help: "With --csv: the paper of sheet.html, a4 or letter (default: a4).")
    var sheet: PaperSize?

    func validate() throws {
        guard (1...10_000).contains(size) else { throw ValidationError("--size must be from 1 to 10000 pixels") }
        guard (0...64).contains(margin) else { throw ValidationError("--margin must be from 0 to 64 modules") }
        if csv != nil {
            guard values.isEmpty else { throw ValidationError("with --csv the values come from the file: give no NAME=VALUE") }
            guard output == nil else { throw ValidationError("with --csv, name a directory with --output-dir instead of --output") }
            guard outputDirectory != nil else { throw ValidationError("--csv needs --output-dir DIR") }
        } else {
            guard outputDirectory == nil, sheet == nil else { throw ValidationError("--output-dir and --sheet go with --csv") }
        }
    }

    func run() throws {
        let parameters = try ParameterArguments.parse(values)
        let table = try options.load().table
        let imageFormat = format ?? (output?.lowercased().hasSuffix(".png") == true ? .png : .svg)
        let layout = ImageLayout(size: size, margin: margin)
        do {
            let maker = try StickerMaker(table: table, route: route, format: imageFormat, layout: layout, correction: ecc)
            if let csv, let outputDirectory {
                try writeBatch(csv: csv, directory: outputDirectory, maker: maker)
                return
            }
            let link = try maker.link(parameters)
            let (code, bytes) = try maker.image(of: link)
            guard let output else {
                FileHandle.standardOutput.write(Data(bytes))
                return
            }
            try FileBytes.write(bytes, to: output)
            Console.output("\(output): \(link) (version \(code.version), \(code.width)×\(code.width) modules, error correction \(ecc.rawValue))")
        } catch let error as StickerFailure {
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        } catch let error as FileBytes.Failure {
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        }
    }
}

extension StickerMaker.Format: ExpressibleByArgument {}

extension ErrorCorrection: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}

extension PaperSize: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
