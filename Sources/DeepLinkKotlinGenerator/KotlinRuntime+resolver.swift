extension KotlinRuntime {
    /// The resolver of the generated `DeepLinkTable`: the URL split, checked and matched as `RouteTable.resolve` does, on its UTF-8 bytes.
    static let resolver = #"""
            // ---- The resolver: the server's, step for step, on the URL's UTF-8 bytes. ----

            internal const val MAXIMUM_URL_LENGTH = 4096
            private const val EXCERPT_LENGTH = 128

            private class Failure(val unmatched: DeepLinkUnmatched) : Exception(null, null, false, false)

            private fun unmatched(reason: DeepLinkReason, detail: String, route: String? = null, parameter: String? = null) =
                Failure(DeepLinkUnmatched(reason, detail, route, parameter))

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
                    // `https:///c/1`: browsers skip the slashes after a special scheme's colon and open host `c`.
                    if (authorityEnd == authorityStart && isSpecialScheme(bytes, colon)) throw malformed("URL has an invalid host")
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

            /** Whether the scheme is one WHATWG calls special, after which browsers skip any number of slashes. */
            private fun isSpecialScheme(bytes: ByteArray, colon: Int): Boolean =
                listOf("http", "https", "ws", "wss", "ftp").any { equalsLowercased(bytes, 0, colon, it) }

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
