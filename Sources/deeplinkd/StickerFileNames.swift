/// The file name stem of each CSV row's code: the row's id (its first column) when that is a safe file name, else
/// `row-N`, which takes another form (`row-N-2`, …) when a row's id, compared without case, is already `row-N`: a
/// fallback name never takes the name of a valid id, wherever in the file that id is.
struct StickerFileNames {
    /// One stem per row, in row order.
    let stems: [String]

    /// The stems of rows whose ids are `labels`.
    init(labels: [String]) {
        let ids = labels.map(Self.safeStem)
        var taken = Set(ids.compactMap { $0?.lowercased() })
        stems = ids.enumerated().map { index, id in
            if let id { return id }
            var stem = "row-\(index + 1)"
            var number = 2
            while taken.contains(stem.lowercased()) {
                stem = "row-\(index + 1)-\(number)"
                number += 1
            }
            taken.insert(stem.lowercased())
            return stem
        }
    }

    /// `label` as a file name stem when it is a safe one (letters, digits, `.`, `_`, `-`, not starting with `.`,
    /// at most 100 characters), else nil.
    static func safeStem(_ label: String) -> String? {
        guard let first = label.utf8.first, first != UInt8(ascii: "."), label.utf8.count <= 100 else { return nil }
        let isSafe = label.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
        return isSafe ? label : nil
    }
}
