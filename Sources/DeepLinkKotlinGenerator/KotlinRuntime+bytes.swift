extension KotlinRuntime {
    /// Byte helpers of the generated `DeepLinkTable`: text from UTF-8, excerpts, hex and percent escapes (validated
    /// with the UTF-8 check `PercentEncoding.validate` makes), ASCII case, the pieces between separators, dot segments.
    static let bytes = #"""
            private fun byteAt(bytes: ByteArray, index: Int): Int = bytes[index].toInt() and 0xFF

                    private fun text(bytes: ByteArray, from: Int, to: Int): String = String(bytes, from, to - from, Charsets.UTF_8)

                    internal fun excerpt(bytes: ByteArray, from: Int, to: Int): String {
                        val count = to - from
                        if (count <= EXCERPT_LENGTH) return text(bytes, from, to)
                        var end = EXCERPT_LENGTH
                        while (end > 0 && (byteAt(bytes, from + end) and 0xC0) == 0x80) end -= 1
                        return text(bytes, from, from + end) + "\u2026(" + count + " bytes)"
                    }

                    private fun isLetter(byte: Int) = (byte in 0x41..0x5A) || (byte in 0x61..0x7A)
                    private fun isDigit(byte: Int) = byte in 0x30..0x39

                    private fun hexValue(byte: Int): Int = when (byte) {
                        in 0x30..0x39 -> byte - 0x30
                        in 0x41..0x46 -> byte - 0x41 + 10
                        in 0x61..0x66 -> byte - 0x61 + 10
                        else -> -1
                    }

                    /** The byte the escape at `index` (a `%`) stands for, or -1. */
                    private fun escape(bytes: ByteArray, index: Int, end: Int): Int {
                        if (index + 2 >= end) return -1
                        val high = hexValue(byteAt(bytes, index + 1))
                        val low = hexValue(byteAt(bytes, index + 2))
                        return if (high < 0 || low < 0) -1 else (high shl 4) or low
                    }

                    private fun equalsLowercased(bytes: ByteArray, from: Int, to: Int, lowercase: String): Boolean {
                        val expected = lowercase.toByteArray(Charsets.UTF_8)
                        if (expected.size != to - from) return false
                        for (offset in expected.indices) {
                            var byte = byteAt(bytes, from + offset)
                            if (byte in 0x41..0x5A) byte = byte or 0x20
                            if (byte != (expected[offset].toInt() and 0xFF)) return false
                        }
                        return true
                    }

                    /** Percent-escapes well formed and decoding to UTF-8, or the error the server names. */
                    private fun validatePercent(bytes: ByteArray, from: Int, to: Int) {
                        var hasEscape = false
                        for (index in from until to) if (byteAt(bytes, index) == 0x25) hasEscape = true
                        if (!hasEscape) return
                        var remaining = 0
                        var lowest = 0x80
                        var highest = 0xBF
                        var index = from
                        while (index < to) {
                            var byte = byteAt(bytes, index)
                            if (byte == 0x25) {
                                val decoded = escape(bytes, index, to)
                                if (decoded < 0) throw unmatched(DeepLinkReason.MalformedURL, "URL has invalid percent-escape '" + text(bytes, index, minOf(index + 3, to)) + "'")
                                byte = decoded
                                index += 3
                            } else {
                                index += 1
                            }
                            if (remaining > 0) {
                                if (byte < lowest || byte > highest) throw invalidUTF8()
                                remaining -= 1
                                lowest = 0x80
                                highest = 0xBF
                                continue
                            }
                            when (byte) {
                                in 0x00..0x7F -> {}
                                in 0xC2..0xDF -> remaining = 1
                                0xE0 -> { remaining = 2; lowest = 0xA0 }
                                in 0xE1..0xEC, 0xEE, 0xEF -> remaining = 2
                                0xED -> { remaining = 2; highest = 0x9F }
                                0xF0 -> { remaining = 3; lowest = 0x90 }
                                in 0xF1..0xF3 -> remaining = 3
                                0xF4 -> { remaining = 3; highest = 0x8F }
                                else -> throw invalidUTF8()
                            }
                        }
                        if (remaining != 0) throw invalidUTF8()
                    }

                    private fun invalidUTF8() = unmatched(DeepLinkReason.MalformedURL, "URL has percent-escapes decode to invalid UTF-8")

                    private fun decode(bytes: ByteArray, from: Int, to: Int): ByteArray {
                        val output = java.io.ByteArrayOutputStream(to - from)
                        var index = from
                        while (index < to) {
                            val byte = byteAt(bytes, index)
                            val decoded = if (byte == 0x25) escape(bytes, index, to) else -1
                            if (decoded >= 0) {
                                output.write(decoded)
                                index += 3
                            } else {
                                output.write(byte)
                                index += 1
                            }
                        }
                        return output.toByteArray()
                    }

                    /** The non-empty pieces of `bytes[from, to)` between `separator`s, as [start, end) pairs. */
                    private fun pieces(bytes: ByteArray, from: Int, to: Int, separator: Int): List<IntArray> {
                        val found = ArrayList<IntArray>()
                        var position = from
                        while (position < to) {
                            while (position < to && byteAt(bytes, position) == separator) position += 1
                            if (position >= to) break
                            val start = position
                            while (position < to && byteAt(bytes, position) != separator) position += 1
                            found.add(intArrayOf(start, position))
                        }
                        return found
                    }

                    private fun isDotSegment(bytes: ByteArray, from: Int, to: Int): Boolean {
                        var dots = 0
                        var index = from
                        while (index < to) {
                            if (byteAt(bytes, index) == 0x2E) {
                                index += 1
                            } else if (to - index >= 3 && byteAt(bytes, index) == 0x25 && byteAt(bytes, index + 1) == 0x32 && (byteAt(bytes, index + 2) or 0x20) == 0x65) {
                                index += 3
                            } else {
                                return false
                            }
                            dots += 1
                        }
                        return dots == 1 || dots == 2
                    }

        """#
}
