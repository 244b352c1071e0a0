extension KotlinRuntime {
    /// The matching of the generated `DeepLinkTable`: the query, the patterns, `Precedence` and the parameter rules, as
    /// `RouteTable.match` does.
    static let matching = #"""
            /** The raw query, read as the server reads it: the last item of a name wins; an item without `=` is empty. */
            private class Query(val bytes: ByteArray, val from: Int, val to: Int) {
                fun value(name: String): ByteArray? {
                    val expected = name.toByteArray(Charsets.UTF_8)
                    var found: ByteArray? = null
                    for (item in pieces(bytes, from, to, 0x26)) {
                        var equals = -1
                        for (index in item[0] until item[1]) if (byteAt(bytes, index) == 0x3D) { equals = index; break }
                        val nameEnd = if (equals >= 0) equals else item[1]
                        if (!java.util.Arrays.equals(decode(bytes, item[0], nameEnd), expected)) continue
                        found = if (equals >= 0) decode(bytes, equals + 1, item[1]) else ByteArray(0)
                    }
                    return found
                }
            }

            private fun between(component: ByteArray, prefix: ByteArray, suffix: ByteArray): ByteArray? {
                if (component.size < prefix.size + suffix.size) return null
                for (index in prefix.indices) if (component[index] != prefix[index]) return null
                for (index in suffix.indices) if (component[component.size - suffix.size + index] != suffix[index]) return null
                return component.copyOfRange(prefix.size, component.size - suffix.size)
            }

            /** Whether `entry`'s pattern takes `components`, component by component. */
            private fun takes(entry: DeepLinkEntry, components: List<ByteArray>): Boolean {
                val pieces = entry.pieces
                for (position in pieces.indices) {
                    val piece = pieces[position]
                    if (piece.kind == DeepLinkPiece.REST) return components.size >= position
                    if (position >= components.size) return false
                    when (piece.kind) {
                        DeepLinkPiece.LITERAL -> if (!java.util.Arrays.equals(piece.literal, components[position])) return false
                        DeepLinkPiece.PARAMETER -> if (between(components[position], piece.prefix, piece.suffix) == null) return false
                    }
                }
                return components.size == pieces.size
            }

            private fun tier(scopes: Array<String>, channel: String): Int {
                var tier = -1
                val kind = channel.substring(0, channel.indexOf(':'))
                for (scope in scopes) {
                    if (scope == channel) return 0
                    if (scope == kind) tier = 1
                }
                return tier
            }

            private fun valueOf(entry: DeepLinkEntry, parameter: DeepLinkParameter, components: List<ByteArray>, query: Query): ByteArray? {
                val position = entry.positions[parameter.index]
                if (position < 0) return query.value(parameter.name)
                val piece = entry.pieces[position]
                return between(components[position], piece.prefix, piece.suffix)
            }

            /** The first violation in declaration order, as the server words it, or null. */
            private fun violation(entry: DeepLinkEntry, route: DeepLinkRouteData, components: List<ByteArray>, query: Query): DeepLinkUnmatched? {
                for (parameter in route.parameters) {
                    val kind = if (entry.positions[parameter.index] >= 0) "parameter" else "query parameter"
                    val value = valueOf(entry, parameter, components, query)
                    val problem = if (value == null) (if (parameter.isRequired) "is required but missing" else null) else parameter.violation(value)
                    if (problem != null) {
                        return DeepLinkUnmatched(DeepLinkReason.InvalidParameter, "route '" + route.name + "': " + kind + " '" + parameter.name + "' " + problem, route.name, parameter.name)
                    }
                }
                return null
            }

            private fun match(components: List<ByteArray>, query: Query, channel: String, tried: () -> String): DeepLinkParse {
                var winner = -1
                var winnerTier = 0
                var failure: DeepLinkUnmatched? = null
                var failureTier = 0
                var failurePosition = 0
                var blocked = -1
                for (position in entries.indices) {
                    val entry = entries[position]
                    if (!takes(entry, components)) continue
                    val route = routes[entry.route]
                    val tier = tier(route.scopes, channel)
                    if (tier < 0) {
                        if (blocked < 0) blocked = position
                        continue
                    }
                    if (winner >= 0 && (winnerTier < tier || (winnerTier == tier && winner < position))) continue
                    val violation = violation(entry, route, components, query)
                    if (violation != null) {
                        if (failure == null || tier < failureTier || (tier == failureTier && position < failurePosition)) {
                            failure = violation
                            failureTier = tier
                            failurePosition = position
                        }
                    } else {
                        winner = position
                        winnerTier = tier
                    }
                }
                if (winner >= 0) return matched(entries[winner], components, query, channel)
                if (failure != null) return DeepLinkParse.Unmatched(failure)
                if (blocked >= 0) {
                    val route = routes[entries[blocked].route]
                    val shown = if (channel.startsWith("universal:")) "https://" + channel.substring(10) else channel.substring(4) + ":"
                    return DeepLinkParse.Unmatched(
                        DeepLinkUnmatched(DeepLinkReason.ChannelNotAllowed, "route '" + route.name + "' cannot be opened from " + shown + " (its scopes: " + route.scopes.joinToString(", ") + ")", route.name, null))
                }
                return DeepLinkParse.Unmatched(DeepLinkUnmatched(DeepLinkReason.NoRoute, "no route matches the path '" + tried() + "'", null, null))
            }

            private fun matched(entry: DeepLinkEntry, components: List<ByteArray>, query: Query, channel: String): DeepLinkParse {
                val route = routes[entry.route]
                val values = arrayOfNulls<String>(route.parameters.size)
                for (parameter in route.parameters) valueOf(entry, parameter, components, query)?.let { values[parameter.index] = String(it, Charsets.UTF_8) }
                val wildcards = ArrayList<List<String>>()
                for (position in entry.pieces.indices) {
                    when (entry.pieces[position].kind) {
                        DeepLinkPiece.WILDCARD -> wildcards.add(listOf(String(components[position], Charsets.UTF_8)))
                        DeepLinkPiece.REST -> wildcards.add(components.subList(minOf(position, components.size), components.size).map { String(it, Charsets.UTF_8) })
                    }
                }
                val link = link(entry.route, values) ?: return DeepLinkParse.Unmatched(
                    DeepLinkUnmatched(DeepLinkReason.NoRoute, "route '" + route.name + "' matched, but this code has no case for it: generate it again from the table", route.name, null))
                val tail = tail(route, values, wildcards)
                val links = DeepLinkLinks(route.universalOrigin?.let { it + tail }, route.appOrigin?.let { it + tail })
                return DeepLinkParse.Link(link, if (channel.startsWith("app:")) "app" else "universal", entry.via, links)
            }

        """#
}
