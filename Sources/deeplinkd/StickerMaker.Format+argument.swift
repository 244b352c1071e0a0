import ArgumentParser

/// `--format svg` or `png`.
extension StickerMaker.Format: ExpressibleByArgument {}
