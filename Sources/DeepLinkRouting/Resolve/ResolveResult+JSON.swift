package import DeepLinkBytes

extension ResolveResult {
    /// The resolve-result JSON object, keys in contract order, with the canonical links of the table that resolved it.
    public func json() -> String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    /// The resolve-result JSON object as UTF-8 bytes, as `json()` writes it.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// Writes the resolve-result object into `writer` (for batches).
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.string("url", url)
        switch outcome {
        case .matched(let match):
            writer.bool("matched", true)
            writer.string("route", match.route.name)
            writer.beginObject("params")
            for parameter in match.parameters { writer.string(parameter.name, parameter.value) }
            writer.endObject()
            writer.string("channel", match.channel.kind)
            writer.string("notification", match.route.notification)
            writer.string("gate", match.route.gate)
            if let feature = match.route.feature { writer.string("feature", feature) }
            if let via = match.via { writer.string("via", via.description) }
            let links = table.links(for: match)
            writer.beginObject("links")
            writer.string("universal", links.universal)
            writer.string("app", links.app)
            writer.endObject()
            if !match.route.stack.isEmpty { writeStack(table.stack(for: match), to: &writer) }
            if let action { writer.string("action", action.rawValue) }
            if let ignoreReason { writer.string("reason", ignoreReason.rawValue) }
        case .unmatched(let unmatched):
            writer.bool("matched", false)
            writer.string("reason", unmatched.reason.rawValue)
            writer.string("detail", unmatched.detail)
            if let route = unmatched.route { writer.string("route", route) }
            if let parameter = unmatched.parameter { writer.string("parameter", parameter) }
        }
        writer.endObject()
    }

    /// `"stack": [{"route": …, "params": {…}}, …]`, for a route that declares a stack.
    private func writeStack(_ stack: [StackEntry], to writer: inout JSONWriter) {
        writer.beginArray("stack")
        for entry in stack {
            writer.beginObject()
            writer.string("route", entry.route.name)
            writer.beginObject("params")
            for parameter in entry.parameters { writer.string(parameter.name, parameter.value) }
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
    }
}
