extension KotlinRuntime {
    /// The resolver of the generated `DeepLinkTable`: the URL split, checked and matched as `RouteTable.resolve` does, on its UTF-8 bytes.
    static let resolver = #"""
            // ---- The resolver: the server's, step for step, on the URL's UTF-8 bytes. ----

            internal const val MAXIMUM_URL_LENGTH = 4096
            private const val EXCERPT_LENGTH = 128

            private class Failure(val unmatched: DeepLinkUnmatched) : Exception(null, null, false, false)

            private fun unmatched(reason: DeepLinkReason, detail: String, route: String? = null, parameter: String? = null) =
                Failure(DeepLinkUnmatched(reason, detail, route, parameter))

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

            private const val DOT_SEGMENT = "URL path has a '.' or '..' segment, which browsers remove before sending it"

            /** The outcome of resolving `url`, as the server's `/resolve` gives it. */
            internal fun resolve(url: String): DeepLinkParse {
                val bytes = url.toByteArray(Charsets.UTF_8)
                if (bytes.size > MAXIMUM_URL_LENGTH) {
                    return DeepLinkParse.Unmatched(DeepLinkUnmatched(DeepLinkReason.TooLong, "URL is " + bytes.size + " bytes; the limit is " + MAXIMUM_URL_LENGTH, null, null))
                }
                return try {
                    resolve(bytes)
                } catch (failure: Failure) {
                    DeepLinkParse.Unmatched(failure.unmatched)
                }
            }

            private fun malformed(detail: String) = unmatched(DeepLinkReason.MalformedURL, detail)

            private fun resolve(bytes: ByteArray): DeepLinkParse {
                val end = bytes.size
                for (index in 0 until end) {
                    val byte = byteAt(bytes, index)
                    if (byte <= 0x20 || byte == 0x7F) throw malformed("URL contains a space or control character at byte $index")
                }
                for (index in 0 until end) if (byteAt(bytes, index) == 0x5C) throw malformed("URL contains a backslash at byte $index, which browsers read as '/'")
                var colon = -1
                for (index in 0 until end) if (byteAt(bytes, index) == 0x3A) { colon = index; break }
                if (colon < 1 || !isLetter(byteAt(bytes, 0))) throw malformed("not an absolute URL: no scheme")
                for (index in 1 until colon) {
                    val byte = byteAt(bytes, index)
                    if (!(isLetter(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E)) throw malformed("not an absolute URL: no scheme")
                }
                var rest = colon + 1
                var hostStart = -1
                var hostEnd = -1
                if (end - rest >= 2 && byteAt(bytes, rest) == 0x2F && byteAt(bytes, rest + 1) == 0x2F) {
                    val authorityStart = rest + 2
                    var authorityEnd = authorityStart
                    while (authorityEnd < end && byteAt(bytes, authorityEnd) != 0x2F && byteAt(bytes, authorityEnd) != 0x3F && byteAt(bytes, authorityEnd) != 0x23) authorityEnd += 1
                    var at = -1
                    for (index in authorityStart until authorityEnd) if (byteAt(bytes, index) == 0x40) at = index
                    hostStart = if (at >= 0) at + 1 else authorityStart
                    hostEnd = hostStart
                    if (hostStart < authorityEnd && byteAt(bytes, hostStart) == 0x5B) {
                        var close = -1
                        for (index in hostStart until authorityEnd) if (byteAt(bytes, index) == 0x5D) { close = index; break }
                        if (close < 0) throw malformed("URL has an invalid host")
                        hostEnd = close + 1
                    } else {
                        while (hostEnd < authorityEnd && byteAt(bytes, hostEnd) != 0x3A) hostEnd += 1
                        for (index in hostStart until hostEnd) if (byteAt(bytes, index) == 0x5B || byteAt(bytes, index) == 0x5D) throw malformed("URL has an invalid host")
                    }
                    if (hostEnd == hostStart && authorityEnd > authorityStart) throw malformed("URL has an invalid host")
                    if (hostEnd < authorityEnd) {
                        if (byteAt(bytes, hostEnd) != 0x3A) throw malformed("URL has an invalid host")
                        var value = 0
                        for (index in hostEnd + 1 until authorityEnd) {
                            val digit = byteAt(bytes, index)
                            if (!isDigit(digit)) throw malformed("URL has a port that is not a number from 0 to 65535")
                            value = value * 10 + (digit - 0x30)
                            if (value > 65535) throw malformed("URL has a port that is not a number from 0 to 65535")
                        }
                    }
                    rest = authorityEnd
                }
                var fragmentMark = -1
                for (index in rest until end) if (byteAt(bytes, index) == 0x23) { fragmentMark = index; break }
                val beforeFragment = if (fragmentMark >= 0) fragmentMark else end
                var queryMark = -1
                for (index in rest until beforeFragment) if (byteAt(bytes, index) == 0x3F) { queryMark = index; break }
                val pathEnd = if (queryMark >= 0) queryMark else beforeFragment
                for (piece in pieces(bytes, rest, pathEnd, 0x2F)) if (isDotSegment(bytes, piece[0], piece[1])) throw malformed(DOT_SEGMENT)

                val channel = channel(bytes, 0, colon, hostStart, hostEnd)
                val isApp = channel.startsWith("app:")
                val hasHost = isApp && hostStart >= 0 && hostEnd > hostStart
                if (hasHost && isDotSegment(bytes, hostStart, hostEnd)) throw malformed(DOT_SEGMENT)
                if (hasHost) validatePercent(bytes, hostStart, hostEnd)
                validatePercent(bytes, rest, pathEnd)
                val queryFrom = if (queryMark >= 0) queryMark + 1 else beforeFragment
                validatePercent(bytes, queryFrom, beforeFragment)

                val components = ArrayList<ByteArray>()
                if (hasHost) components.add(decode(bytes, hostStart, hostEnd))
                for (piece in pieces(bytes, rest, pathEnd, 0x2F)) components.add(decode(bytes, piece[0], piece[1]))
                val query = Query(bytes, queryFrom, beforeFragment)
                return match(components, query, channel) {
                    val tried = (if (hasHost) text(bytes, hostStart, hostEnd) else "") + text(bytes, rest, pathEnd)
                    val triedBytes = tried.toByteArray(Charsets.UTF_8)
                    if (triedBytes.isEmpty()) "/" else excerpt(triedBytes, 0, triedBytes.size)
                }
            }

            /** `universal:HOST` or `app:SCHEME`, or the failure. */
            private fun channel(bytes: ByteArray, schemeStart: Int, schemeEnd: Int, hostStart: Int, hostEnd: Int): String {
                if (equalsLowercased(bytes, schemeStart, schemeEnd, "https")) {
                    if (hostStart >= 0) for (domain in domains) if (equalsLowercased(bytes, hostStart, hostEnd, domain)) return "universal:$domain"
                    val shown = if (hostStart >= 0) "'" + excerpt(bytes, hostStart, hostEnd) + "'" else "(none)"
                    throw unmatched(DeepLinkReason.ForeignHost, "host $shown is not one of the configured domains (" + domains.joinToString(", ") + ")")
                }
                for (scheme in schemes) if (equalsLowercased(bytes, schemeStart, schemeEnd, scheme)) return "app:$scheme"
                val allowed = (listOf("https") + schemes).joinToString(", ")
                throw unmatched(DeepLinkReason.UnsupportedScheme, "scheme '" + excerpt(bytes, schemeStart, schemeEnd) + "' is not one of $allowed")
            }

        """#
}
