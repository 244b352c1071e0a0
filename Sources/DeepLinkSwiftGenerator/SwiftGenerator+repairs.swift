extension SwiftGenerator {
    /// `EmbeddedTable.repairedCharacter(in:)` and `EmbeddedTable.percentSignsGivenBack(in:)`: what `parse(_:)` of a URL asks.
    var embeddedRepairs: String {
        """
        extension \(name).EmbeddedTable {
            /// The first escape in `string` that Foundation writes when it repairs a string, for a character the server
            /// refuses wherever it is: `%5C` (a backslash), `%00` to `%20` and `%7F` (controls and space). Foundation writes
            /// upper-case digits, so `%5c` is never a repair.
            nonisolated static func repairedCharacter(in string: String) -> String? {
                let bytes = Array(string.utf8)
                for index in bytes.indices where bytes[index] == 0x25 && index + 2 < bytes.count {
                    let escape = String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                    if ["%5C", "%20", "%7F"].contains(escape) || ((bytes[index + 1] == 0x30 || bytes[index + 1] == 0x31) && isUpperHexDigit(bytes[index + 2])) {
                        return escape
                    }
                }
                return nil
            }

            /// `string` with each `%25` turned back into `%` where the server reads escapes (the path and the query, and a
            /// custom scheme's host): the string before Foundation escaped its `%` signs, which it does to a `%` that begins
            /// no escape and to every `%` of a component it re-encodes. Nil when there is no such `%25`.
            nonisolated static func percentSignsGivenBack(in string: String) -> String? {
                let bytes = Array(string.utf8)
                let fragment = bytes.firstIndex(of: 0x23) ?? bytes.count
                var start = 0
                if let colon = bytes[..<fragment].firstIndex(of: 0x3A) {
                    start = colon + 1
                    if fragment - start >= 2, bytes[start] == 0x2F, bytes[start + 1] == 0x2F {
                        let authority = start + 2
                        let authorityEnd = bytes[authority..<fragment].firstIndex { $0 == 0x2F || $0 == 0x3F } ?? fragment
                        let isHTTPS = String(decoding: bytes[..<colon], as: UTF8.self).lowercased() == "https"
                        start = isHTTPS ? authorityEnd : bytes[authority..<authorityEnd].lastIndex(of: 0x40).map { $0 + 1 } ?? authority
                    }
                }
                var given: [UInt8] = Array(bytes[..<start])
                var index = start
                while index < fragment {
                    let isSign = bytes[index] == 0x25 && index + 2 < fragment && bytes[index + 1] == 0x32 && bytes[index + 2] == 0x35
                    given.append(bytes[index])
                    index += isSign ? 3 : 1
                }
                guard given.count + (bytes.count - fragment) < bytes.count else { return nil }
                return String(decoding: given + bytes[fragment...], as: UTF8.self)
            }

            private nonisolated static func isUpperHexDigit(_ byte: UInt8) -> Bool {
                (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
            }
        }

        """
    }
}
