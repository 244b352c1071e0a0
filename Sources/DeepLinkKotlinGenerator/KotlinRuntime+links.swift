extension KotlinRuntime {
    /// The canonical links of the generated `DeepLinkTable`, written as `RouteTable.links` writes them.
    static let links = #"""
            // ---- Links: the canonical path and query after a route's origin, as the server writes them. ----

            private fun encode(text: String, into: StringBuilder) {
                for (byte in text.toByteArray(Charsets.UTF_8)) {
                    val value = byte.toInt() and 0xFF
                    if (isLetter(value) || isDigit(value) || value == 0x2D || value == 0x2E || value == 0x5F || value == 0x7E) {
                        into.append(value.toChar())
                    } else {
                        into.append('%').append(HEX[value shr 4]).append(HEX[value and 0x0F])
                    }
                }
            }

            private const val HEX = "0123456789ABCDEF"

            private fun tail(route: DeepLinkRouteData, values: Array<String?>, wildcards: List<List<String>>): String {
                val out = StringBuilder()
                var isFirst = true
                var nextWildcard = 0
                fun separate() {
                    if (!isFirst) out.append('/')
                    isFirst = false
                }
                for (piece in route.pieces) {
                    when (piece.kind) {
                        DeepLinkPiece.LITERAL -> { separate(); encode(piece.text, out) }
                        DeepLinkPiece.PARAMETER -> {
                            separate()
                            encode(piece.prefixText, out)
                            encode(values[piece.parameter] ?: "", out)
                            encode(piece.suffixText, out)
                        }
                        else -> {
                            val taken = if (nextWildcard < wildcards.size) wildcards[nextWildcard] else emptyList()
                            nextWildcard += 1
                            for (component in taken) { separate(); encode(component, out) }
                        }
                    }
                }
                var separator = '?'
                for (parameter in route.parameters) {
                    if (route.positionOf(parameter) >= 0) continue
                    val value = values[parameter.index] ?: continue
                    out.append(separator)
                    encode(parameter.name, out)
                    out.append('=')
                    encode(value, out)
                    separator = '&'
                }
                return out.toString()
            }

            /** The canonical links of a route's values, as `/link` builds them; null where `/link` refuses them. */
            internal fun links(route: Int, values: Array<String?>): DeepLinkLinks? {
                val data = routes[route]
                if (data.pieces.any { it.kind == DeepLinkPiece.WILDCARD || it.kind == DeepLinkPiece.REST }) return null
                for (parameter in data.parameters) {
                    val value = values[parameter.index]
                    if (value == null) {
                        if (parameter.isRequired) return null
                        continue
                    }
                    if (parameter.violation(value.toByteArray(Charsets.UTF_8)) != null) return null
                    val position = data.positionOf(parameter)
                    if (position >= 0) {
                        val piece = data.pieces[position]
                        val segment = piece.prefixText + value + piece.suffixText
                        if (segment == "." || segment == "..") return null
                    }
                }
                if (data.universalOrigin == null && data.appOrigin == null) return DeepLinkLinks(null, null)
                val tail = tail(data, values, emptyList())
                return DeepLinkLinks(data.universalOrigin?.let { it + tail }, data.appOrigin?.let { it + tail })
            }
        """#
}
