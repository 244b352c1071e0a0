import ArgumentParser
import DeepLinkConfig
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

    @OptionGroup var image: QRImageOptions

    @Option(help: "The file to write (default: standard output).")
    var output: String?

    @OptionGroup var batch: QRBatchOptions

    func validate() throws {
        if batch.csv != nil {
            guard values.isEmpty else { throw ValidationError("with --csv the values come from the file: give no NAME=VALUE") }
            guard output == nil else { throw ValidationError("with --csv, name a directory with --output-dir instead of --output") }
            guard batch.outputDirectory != nil else { throw ValidationError("--csv needs --output-dir DIR") }
        } else {
            guard batch.outputDirectory == nil, batch.sheet == nil else { throw ValidationError("--output-dir and --sheet go with --csv") }
        }
    }

    func run() throws {
        let parameters = try ParameterArguments.parse(values)
        let table = try options.load().table
        let imageFormat = image.format ?? (output?.lowercased().hasSuffix(".png") == true ? .png : .svg)
        do {
            let maker = try StickerMaker(table: table, route: route, format: imageFormat, layout: image.layout, correction: image.ecc)
            if let csv = batch.csv, let outputDirectory = batch.outputDirectory {
                try writeBatch(csv: csv, directory: outputDirectory, maker: maker)
                return
            }
            let link = try maker.link(parameters)
            let (code, bytes) = try maker.image(of: link)
            // Written atomically: a failed write leaves the image that was there as it was.
            try OutputFile.write(bytes, to: output)
            guard let output else { return }
            try Console.report("\(output): \(link) (version \(code.version), \(code.width)×\(code.width) modules, error correction \(image.ecc.rawValue))")
        } catch let error as StickerFailure {
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        }
    }
}
