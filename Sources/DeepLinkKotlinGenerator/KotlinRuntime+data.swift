extension KotlinRuntime {
    /// The classes the generated table is made of: pattern pieces, parameters with their rules, patterns and routes.
    static let data = #"""
        /** One component of a pattern: a literal, `*`, `**`, or `prefix$(name)suffix`. */
        internal class DeepLinkPiece(val kind: Int, val text: String, val prefixText: String, val suffixText: String, val parameter: Int) {
            val literal: ByteArray = text.toByteArray(Charsets.UTF_8)
            val prefix: ByteArray = prefixText.toByteArray(Charsets.UTF_8)
            val suffix: ByteArray = suffixText.toByteArray(Charsets.UTF_8)

            companion object {
                const val LITERAL = 0
                const val WILDCARD = 1
                const val REST = 2
                const val PARAMETER = 3
            }
        }

        /** A declared parameter and its rule: characters (sorted, merged code point ranges), lengths in characters. */
        internal class DeepLinkParameter(val index: Int, val name: String, private val ranges: IntArray, private val minimum: Int, private val maximum: Int, val isRequired: Boolean) {
            private fun allows(scalar: Int): Boolean {
                var index = 0
                while (index < ranges.size) {
                    if (scalar >= ranges[index] && scalar <= ranges[index + 1]) return true
                    index += 2
                }
                return false
            }

            /** How the decoded UTF-8 `value` breaks the rule, as the server words it, or null. */
            fun violation(value: ByteArray): String? {
                var length = 0
                var index = 0
                while (index < value.size) {
                    val lead = value[index].toInt() and 0xFF
                    val width = if (lead < 0x80) 1 else if (lead < 0xE0) 2 else if (lead < 0xF0) 3 else 4
                    var scalar = if (width == 1) lead else lead and (0xFF shr (width + 1))
                    for (offset in 1 until width) if (index + offset < value.size) scalar = (scalar shl 6) or (value[index + offset].toInt() and 0x3F)
                    index += width
                    if (!allows(scalar)) return "contains a forbidden character " + readableName(scalar)
                    length += 1
                    if (length > maximum) return "is longer than $maximum characters"
                }
                return if (length < minimum) "is shorter than $minimum characters" else null
            }

            private fun readableName(scalar: Int): String {
                val valid = scalar in 0..0x10FFFF && scalar !in 0xD800..0xDFFF
                val shown = if (valid) scalar else 0xFFFD
                val codePoint = "U+" + String.format("%04X", shown)
                val type = Character.getType(shown)
                val hidden = intArrayOf(
                    Character.CONTROL.toInt(), Character.FORMAT.toInt(), Character.SURROGATE.toInt(), Character.PRIVATE_USE.toInt(),
                    Character.UNASSIGNED.toInt(), Character.LINE_SEPARATOR.toInt(), Character.PARAGRAPH_SEPARATOR.toInt())
                if (hidden.contains(type) || shown == 0x20) return codePoint
                return codePoint + " '" + StringBuilder().appendCodePoint(shown) + "'"
            }
        }

        /** One pattern of a route (its path or an alias), with where each of the route's parameters sits in it. */
        internal class DeepLinkEntry(val route: Int, val pieces: Array<DeepLinkPiece>, val positions: IntArray, val via: String?)

        /** What a route is: its name, scopes, parameters, canonical pattern and the origins of its canonical links. */
        internal class DeepLinkRouteData(
            val name: String, val scopes: Array<String>, val parameters: Array<DeepLinkParameter>, val pieces: Array<DeepLinkPiece>,
            private val positions: IntArray, val universalOrigin: String?, val appOrigin: String?
        ) {
            fun positionOf(parameter: DeepLinkParameter): Int = positions[parameter.index]
        }
        """#
}
