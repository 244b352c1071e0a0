/// Punycode (RFC 3492), the ASCII form of an internationalized domain label (`bücher` → `xn--bcher-kva`): only
/// to tell someone who wrote a domain in Unicode what to write instead.
enum Punycode {
    private static let base = 36
    private static let minimumThreshold = 1
    private static let maximumThreshold = 26
    private static let skew = 38
    private static let damp = 700

    /// `host` with each label that is not ASCII written as `xn--` and its Punycode; nil when a label is too long to
    /// encode.
    static func host(_ host: String) -> String? {
        var labels: [String] = []
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let encoded = encode(Array(label.unicodeScalars.map(\.value))) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// The Punycode of `input`'s code points: its ASCII ones, a `-`, then the others as deltas in base 36.
    static func encode(_ input: [UInt32]) -> String? {
        guard input.count <= 63 else { return nil }
        var output = input.filter { $0 < 0x80 }.compactMap(Unicode.Scalar.init).map(Character.init)
        let basicCount = output.count
        if basicCount > 0 { output.append("-") }
        var next: UInt32 = 0x80
        var delta = 0
        var bias = 72
        var handled = basicCount
        while handled < input.count {
            guard let smallest = input.filter({ $0 >= next }).min() else { return nil }
            delta += Int(smallest - next) * (handled + 1)
            next = smallest
            for value in input {
                if value < next { delta += 1 }
                guard value == next else { continue }
                var remainder = delta
                var position = base
                while true {
                    let threshold = min(max(position - bias, minimumThreshold), maximumThreshold)
                    if remainder < threshold { break }
                    output.append(digit(threshold + (remainder - threshold) % (base - threshold)))
                    remainder = (remainder - threshold) / (base - threshold)
                    position += base
                }
                output.append(digit(remainder))
                bias = adapt(delta, count: handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            next += 1
        }
        return String(output)
    }

    private static func adapt(_ delta: Int, count: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / count
        var position = 0
        while delta > ((base - minimumThreshold) * maximumThreshold) / 2 {
            delta /= base - minimumThreshold
            position += base
        }
        return position + (base - minimumThreshold + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 0x61 + value : 0x30 + value - 26)))
    }
}
