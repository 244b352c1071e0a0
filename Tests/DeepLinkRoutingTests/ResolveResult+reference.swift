import DeepLinkBytes

@testable import DeepLinkRouting

extension ResolveResult {
    /// The resolve-result JSON as `JSONWriter` wrote it, member by member with links and the stack built as values,
    /// before the one sized writer (`withJSON`): the oracle its bytes are held to.
    var referenceJSON: [UInt8] {
        var writer = JSONWriter()
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
            if !match.route.stack.isEmpty {
                writer.beginArray("stack")
                for entry in table.stack(for: match) {
                    writer.beginObject()
                    writer.string("route", entry.route.name)
                    writer.beginObject("params")
                    for parameter in entry.parameters { writer.string(parameter.name, parameter.value) }
                    writer.endObject()
                    writer.endObject()
                }
                writer.endArray()
            }
            if let action { writer.string("action", action.rawValue) }
            if let ignoreReason { writer.string("reason", ignoreReason.rawValue) }
            if let minAppVersion { writer.string("minAppVersion", minAppVersion.text) }
        case .unmatched(let unmatched):
            writer.bool("matched", false)
            writer.string("reason", unmatched.reason.rawValue)
            writer.string("detail", unmatched.detail)
            if let route = unmatched.route { writer.string("route", route) }
            if let parameter = unmatched.parameter { writer.string("parameter", parameter) }
        }
        writer.endObject()
        return writer.bytes
    }
}
