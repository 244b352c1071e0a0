import DeepLinkBytes

extension RouteTable {
    /// The longest URL resolved, in UTF-8 bytes.
    package static let maximumURLLength = 4096

    /// Resolves `url`: the first route, in precedence order, whose pattern matches and whose parameters validate.
    ///
    /// Splits the URL, works out its channel (a configured domain or scheme), then resolves as
    /// `resolve(on:target:)` does. The hot path works on the URL's UTF-8 bytes and allocates only the matched
    /// parameters: components and decoded values live in stack buffers, the index is searched in place, and
    /// candidates are validated without building their values.
    ///
    /// ```swift
    /// switch table.resolve("https://links.example.com/c/CH-42") {
    /// case .matched(let match): print(match.route.name, match.value(of: "id") ?? "")  // charger CH-42
    /// case .unmatched(let unmatched): print(unmatched.reason, unmatched.detail)
    /// }
    /// ```
    ///
    /// - Parameter url: An absolute URL as the app received it, at most 4,096 bytes of UTF-8 (`maximumURLLength`).
    /// - Returns: The route that took it with its decoded parameters, or the reason none did (the same reason and
    ///   detail `/resolve` gives).
    public func resolve(_ url: String) -> ResolveOutcome {
        let length = url.utf8.count
        if length > Self.maximumURLLength { return Self.tooLong(length) }
        do throws(URLSyntaxError) {
            return try url.withUTF8Bytes { bytes throws(URLSyntaxError) in
                let url = try URLRanges(bytes)
                func part(_ range: Range<Int>) -> Bytes { Bytes(rebasing: bytes[range]) }
                let channel: Channel
                switch self.channel(scheme: part(url.scheme), host: url.host.map(part)) {
                case .success(let found): channel = found
                case .failure(let unmatched): return .unmatched(unmatched)
                }
                let host = channel.kind == "app" ? url.host.flatMap { $0.isEmpty ? nil : part($0) } : nil
                let query = url.query.map(part) ?? Bytes(start: nil, count: 0)
                return resolve(on: channel, host: host, path: part(url.path), query: query, length: length)
            }
        } catch {
            return .unmatched(.init(.malformedURL, error.description))
        }
    }

    /// Resolves a URL already split: its channel and its request target (path, query and fragment, as an HTTP
    /// request line gives it), with the outcome `resolve(_:)` gives for the URL spelled out. The server's landing
    /// path calls this with the domain the request is on, so the URL is neither built nor split again.
    ///
    /// For a custom scheme, `target` is what follows `SCHEME:` (`//c/42`). A domain not spelled as `domains` lists
    /// it, a custom scheme, or a target that does not start with `/`, `?` or `#` is resolved through the URL spelled
    /// out.
    package func resolve(on channel: Channel, target: String) -> ResolveOutcome {
        guard case .universal(let host) = channel, domains.contains(host), Self.isOriginForm(target) else {
            switch channel {
            case .universal(let host): return resolve("https://" + host + target)
            case .app(let scheme): return resolve(scheme + ":" + target)
            }
        }
        let prefix = 8 + host.utf8.count  // https://HOST
        let length = prefix + target.utf8.count
        if length > Self.maximumURLLength { return Self.tooLong(length) }
        do throws(URLSyntaxError) {
            return try target.withUTF8Bytes { bytes throws(URLSyntaxError) in
                let target = try RequestTarget(bytes, offset: prefix)
                return resolve(on: channel, host: nil, path: target.path, query: target.query, length: length)
            }
        } catch {
            return .unmatched(.init(.malformedURL, error.description))
        }
    }

    /// Whether `target` starts where a URL's authority ends, so that after `https://HOST` it is the whole of the
    /// path, query and fragment.
    private static func isOriginForm(_ target: String) -> Bool {
        guard let first = target.utf8.first else { return false }
        return first == UInt8(ascii: "/") || first == UInt8(ascii: "?") || first == UInt8(ascii: "#")
    }

    /// The longest part of a URL a detail quotes, in bytes.
    static let excerptLength = 128

    /// `bytes` as text for a detail, cut after `excerptLength` bytes with their full length named: a detail explains,
    /// and an answer that echoes every URL of a batch in full twice would be twice the size it needs to be.
    static func excerpt(_ bytes: some Collection<UInt8>) -> String {
        guard bytes.count > excerptLength else { return String(decoding: bytes, as: UTF8.self) }
        var end = excerptLength
        let array = Array(bytes)
        while end > 0, array[end] & 0xC0 == 0x80 { end -= 1 }  // not in the middle of a character
        return String(decoding: array[..<end], as: UTF8.self) + "…(\(bytes.count) bytes)"
    }

    private static func tooLong(_ length: Int) -> ResolveOutcome {
        .unmatched(.init(.tooLong, "URL is \(length) bytes; the limit is \(Self.maximumURLLength)"))
    }

    /// The one resolve both entries end in: `host` is the host a custom-scheme URL reads as its first path
    /// component (nil for `https` or when empty), `path` and `query` still percent-encoded, `length` the URL's.
    private func resolve(on channel: Channel, host: Bytes?, path: Bytes, query: Bytes, length: Int) -> ResolveOutcome {
        if let host, URLRanges.isDotSegment(host) { return .unmatched(.init(.malformedURL, URLSyntaxError.dotSegment.description)) }
        do throws(PercentDecodingError) {
            if let host { try PercentEncoding.validate(host) }
            try PercentEncoding.validate(path)
            try PercentEncoding.validate(query)
        } catch {
            return .unmatched(.init(.malformedURL, "URL has \(error)"))
        }
        var count = host == nil ? 0 : 1
        for _ in BytePieces(path, separator: UInt8(ascii: "/")) { count += 1 }
        return withUnsafeTemporaryAllocation(of: Bytes.self, capacity: count) { components in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length * 2) { scratch in
                guard let scratch = scratch.baseAddress else { return .unmatched(.init(.noRoute, "no route matches the path '/'")) }
                var decoded = 0
                // Decoded components take the first half of the scratch space, one query value the second half.
                func add(_ piece: Bytes, at position: Int) {
                    var component = piece
                    if piece.contains(UInt8(ascii: "%")) {
                        component = PercentEncoding.decode(piece, into: scratch + decoded)
                        decoded += component.count
                    }
                    components.initializeElement(at: position, to: component)
                }
                var position = 0
                if let host {
                    add(host, at: 0)
                    position = 1
                }
                for piece in BytePieces(path, separator: UInt8(ascii: "/")) {
                    add(piece, at: position)
                    position += 1
                }
                let request = SearchRequest(path: UnsafeBufferPointer(components), query: query, scratch: scratch + length)
                return match(request, channel: channel, rawHost: host, rawPath: path)
            }
        }
    }

    private func channel(scheme: Bytes, host: Bytes?) -> Result<Channel, Unmatched> {
        if scheme.equalsLowercased("https") {
            guard let host, let domain = domains.first(where: { host.equalsLowercased($0) }) else {
                let shown = host.map { "'\(Self.excerpt($0))'" } ?? "(none)"
                return .failure(.init(.foreignHost, "host \(shown) is not one of the configured domains (\(domains.joined(separator: ", ")))"))
            }
            return .success(.universal(host: domain))
        }
        guard let match = schemes.first(where: { scheme.equalsLowercased($0) }) else {
            let allowed = (["https"] + schemes).joined(separator: ", ")
            return .failure(.init(.unsupportedScheme, "scheme '\(Self.excerpt(scheme))' is not one of \(allowed)"))
        }
        return .success(.app(scheme: match))
    }
}

extension Unmatched {
    init(_ reason: UnmatchedReason, _ detail: String) {
        self.init(reason: reason, detail: detail, route: nil, parameter: nil)
    }
}
