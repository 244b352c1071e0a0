import ArgumentParser
import StickerCodes

/// `--sheet a4` or `letter`, in any case.
extension PaperSize: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
