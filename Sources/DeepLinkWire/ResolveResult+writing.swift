package import DeepLinkBytes
package import DeepLinkRouting

extension ResolveResult {
    /// Calls `body` with the exact length of the result's JSON and a function that writes it, the matched route's
    /// pieces built for this one result: `WireTable.withJSON(of:_:)` without a table of pieces built beforehand, for
    /// the command line and one-off answers.
    package func withJSON<Result>(_ body: (_ length: Int, _ write: (inout ByteWriter) -> Void) -> Result) -> Result {
        withJSON(pieces: { ResolvePieces(route: $0.route, origins: LinkOrigins(of: $0.route, domains: table.domains, schemes: table.schemes)) }, body)
    }

    /// Calls `body` with the exact length of the result's JSON and a function that writes it: the one writer of the
    /// resolve-result JSON, which `json()`, `jsonBytes()`, the batch and the server's in-place answer all go
    /// through. The length comes from the same writing, counted (``ByteCounter``); what every match of the route
    /// shares comes from `pieces` (asked once, for a match), and the links from their origins and the match's link
    /// tail, in temporary memory, with no string built.
    func withJSON<Result>(
        pieces: (RouteMatch) -> ResolvePieces, _ body: (_ length: Int, _ write: (inout ByteWriter) -> Void) -> Result
    ) -> Result {
        switch outcome {
        case .matched(let match):
            let via = match.via?.description
            let pieces = pieces(match)
            return table.withLinkTail(of: match.route, value: { match.value(of: $0) }, wildcards: match.wildcards) { tail in
                sized(body, match: match, pieces: pieces, unmatched: nil, via: via, tail: tail)
            }
        case .unmatched(let unmatched):
            return sized(body, match: nil, pieces: nil, unmatched: unmatched, via: nil, tail: .init(start: nil, count: 0))
        }
    }

    /// Hands `body` the length and the writing. The outcome comes as `match` (with its route's `pieces`) or
    /// `unmatched`, taken out of `outcome` once rather than in each pass.
    ///
    /// Written once into temporary memory of ``scratchSize`` bytes, which holds any ordinary answer, and copied from
    /// there; an answer that does not fit is counted (``ByteCounter``), then written where `body` says.
    private func sized<Result>(
        _ body: (Int, (inout ByteWriter) -> Void) -> Result, match: RouteMatch?, pieces: ResolvePieces?, unmatched: Unmatched?, via: String?,
        tail: UnsafeBufferPointer<UInt8>
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchSize) { scratch in
            var writer = ByteWriter(scratch)
            write(into: &writer, match: match, pieces: pieces, unmatched: unmatched, via: via, tail: tail)
            if !writer.isTruncated {
                let bytes = UnsafeBufferPointer(rebasing: scratch[..<writer.count])
                return body(bytes.count) { $0.write(bytes) }
            }
            var counter = ByteCounter()
            write(into: &counter, match: match, pieces: pieces, unmatched: unmatched, via: via, tail: tail)
            return body(counter.count) { write(into: &$0, match: match, pieces: pieces, unmatched: unmatched, via: via, tail: tail) }
        }
    }

    /// The room an answer is first written in: a single result's JSON is a few hundred bytes.
    package static let scratchSize = 1024

    /// The object, keys in contract order. Borrowed, so that unwrapping the outcome copies nothing.
    private func write<Output: ByteOutput>(
        into output: inout Output, match: borrowing RouteMatch?, pieces: ResolvePieces?, unmatched: borrowing Unmatched?, via: String?,
        tail: UnsafeBufferPointer<UInt8>
    ) {
        output.write(#"{"url":"#)
        output.writeJSONString(url)
        switch match {
        case .some(let match):
            if let pieces { writeMatched(match, pieces: pieces, via: via, tail: tail, into: &output) }
        case .none:
            switch unmatched {
            case .some(let unmatched): writeUnmatched(unmatched, into: &output)
            case .none: break
            }
        }
        output.write(UInt8(ascii: "}"))
    }

    /// The members after `url` of a match: `via` is its alias spelled out, `tail` its link tail.
    private func writeMatched<Output: ByteOutput>(
        _ match: RouteMatch, pieces: ResolvePieces, via: String?, tail: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) {
        pieces.withPieces { head, middle, universal, app in
            output.write(head)
            writeParameters(of: match.route, in: match, into: &output)
            output.write(#"},"channel":"#)
            output.writeJSONString(match.channel.kind)
            output.write(middle)
            if let via {
                output.write(#","via":"#)
                output.writeJSONString(via)
            }
            // The tail is percent-encoded: nothing in it is escaped in JSON.
            output.write(universal)
            if pieces.hasUniversal {
                output.write(tail)
                output.write(UInt8(ascii: "\""))
            }
            output.write(app)
            if pieces.hasApp {
                output.write(tail)
                output.write(UInt8(ascii: "\""))
            }
            output.write(UInt8(ascii: "}"))
        }
        if !match.route.stack.isEmpty { writeStack(of: match, into: &output) }
        if let action {
            output.write(#","action":"#)
            output.writeJSONString(action.rawValue)
        }
        if let reason = ignoreReason?.rawValue ?? waitReason?.rawValue {
            output.write(#","reason":"#)
            output.writeJSONString(reason)
        }
        if let minAppVersion {
            output.write(#","minAppVersion":"#)
            output.writeJSONString(minAppVersion.text)
        }
    }

    /// The members after `url` of an unmatched result.
    private func writeUnmatched<Output: ByteOutput>(_ unmatched: Unmatched, into output: inout Output) {
        output.write(#","matched":false,"reason":"#)
        output.writeJSONString(unmatched.reason.rawValue)
        output.write(#","detail":"#)
        output.writeJSONString(unmatched.detail)
        if let route = unmatched.route {
            output.write(#","route":"#)
            output.writeJSONString(route)
        }
        if let parameter = unmatched.parameter {
            output.write(#","parameter":"#)
            output.writeJSONString(parameter)
        }
    }

    /// `"NAME":"VALUE",…` (without the braces): the parameters of `route` that `match` has a value for, in their
    /// order.
    private func writeParameters<Output: ByteOutput>(of route: Route, in match: RouteMatch, into output: inout Output) {
        var isFirst = true
        for parameter in route.parameters {
            guard let value = match.value(of: parameter.name) else { continue }
            if !isFirst { output.write(UInt8(ascii: ",")) }
            isFirst = false
            output.writeJSONString(parameter.name)
            output.write(UInt8(ascii: ":"))
            output.writeJSONString(value)
        }
    }

    /// `,"stack":[{"route":…,"params":{…}},…]`: the entries `RouteTable.stack(for:)` gives, written as they are
    /// found.
    private func writeStack<Output: ByteOutput>(of match: RouteMatch, into output: inout Output) {
        output.write(#","stack":["#)
        for name in match.route.stack {
            guard let route = table.route(named: name) else { continue }
            writeStackEntry(route, in: match, into: &output)
            output.write(UInt8(ascii: ","))
        }
        writeStackEntry(match.route, in: match, into: &output)
        output.write(UInt8(ascii: "]"))
    }

    private func writeStackEntry<Output: ByteOutput>(_ route: Route, in match: RouteMatch, into output: inout Output) {
        output.write(#"{"route":"#)
        output.writeJSONString(route.name)
        output.write(#","params":{"#)
        writeParameters(of: route, in: match, into: &output)
        output.write("}}")
    }
}
