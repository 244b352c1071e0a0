import ArgumentParser
import StickerCodes

/// `qr --csv`'s options: the CSV file, the directory the codes go to and the sheet's paper. `qr` checks them
/// together with its other arguments.
struct QRBatchOptions: ParsableArguments {
    @Option(help: "A CSV file: a header row naming the route's parameters, then one code per row.")
    var csv: String?

    @Option(name: .customLong("output-dir"), help: "With --csv: the directory for the codes and sheet.html.")
    var outputDirectory: String?

    @Option(help: "With --csv: the paper of sheet.html, a4 or letter (default: a4).")
    var sheet: PaperSize?
}
