import ArgumentParser
import StickerCodes

/// `--ecc L`, `M`, `Q` or `H`, in any case.
extension ErrorCorrection: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}
