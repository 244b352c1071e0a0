/// A parsed path pattern such as `c/$(id)`, `auth/callback` or `docs/**`.
public struct PathPattern: Sendable, Hashable {
    /// The components, in order.
    package let components: [PathComponent]

    /// Parses Flint-style pattern syntax; a leading `/` is optional, and the empty pattern is the root path. One
    /// trailing `/` is dropped (`hello/` is `hello`): paths are matched with trailing slashes removed, so the pattern
    /// takes `/hello` and `/hello/` alike, as JLRoutes and URLNavigator do.
    ///
    /// The syntax is read byte by byte, not by grapheme: a `/` followed by a combining mark is still a separator.
    package init(parsing text: String) throws(PatternSyntaxError) {
        var body = Substring(text)
        if body.utf8.first == UInt8(ascii: "/") { body = body[body.utf8.index(after: body.startIndex)...] }
        if body.utf8.count > 1, body.utf8.last == UInt8(ascii: "/") { body = body[..<body.utf8.index(before: body.endIndex)] }
        guard !body.isEmpty else {
            components = []
            return
        }
        for forbidden in ["?", "#"] where body.utf8.contains(UInt8(ascii: forbidden.unicodeScalars.first ?? "?")) {
            throw .queryOrFragment(forbidden)
        }
        let pieces = body.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
        var parsed: [PathComponent] = []
        var names: Set<String> = []
        for (offset, piece) in pieces.enumerated() {
            let position = offset + 1
            let component = try Self.component(piece, position: position)
            if case .rest = component, position != pieces.count { throw .restNotLast(position: position) }
            if case .parameter(let name, _, _) = component, !names.insert(name).inserted {
                throw .duplicateParameter(name)
            }
            parsed.append(component)
        }
        components = parsed
    }

    /// The names of the parameters captured from the path, in order.
    package var parameterNames: [String] {
        components.compactMap {
            if case .parameter(let name, _, _) = $0 { name } else { nil }
        }
    }

    /// Whether the pattern contains `*` or `**`, whose values no parameter names.
    public var hasWildcards: Bool {
        components.contains { $0 == .wildcard || $0 == .rest }
    }

    private static func component(_ piece: Substring, position: Int) throws(PatternSyntaxError) -> PathComponent {
        let bytes = piece.utf8
        if bytes.isEmpty { throw .emptyComponent(position: position) }
        if bytes.elementsEqual("*".utf8) { return .wildcard }
        if bytes.elementsEqual("**".utf8) { return .rest }
        if bytes.contains(UInt8(ascii: "*")) { throw .partialWildcard(String(piece)) }
        if bytes.contains(UInt8(ascii: "%")) { throw .percentInLiteral(String(piece)) }
        guard let dollar = piece.firstParameterOpening else {
            return .literal(String(piece))
        }
        let nameStart = bytes.index(dollar, offsetBy: 2)
        guard let close = bytes[nameStart...].firstIndex(of: UInt8(ascii: ")")) else {
            throw .unterminatedParameter(String(piece))
        }
        let name = piece[nameStart..<close]
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isNameScalar) else {
            throw .invalidParameterName(String(piece))
        }
        let suffix = piece[bytes.index(after: close)...]
        if suffix.firstParameterOpening != nil { throw .twoParameters(String(piece)) }
        return .parameter(name: String(name), prefix: String(piece[..<dollar]), suffix: String(suffix))
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
    }
}

extension PathPattern: CustomStringConvertible {
    /// The pattern in canonical form, without a leading `/`.
    public var description: String {
        components.map(\.description).joined(separator: "/")
    }
}

extension Substring {
    /// The index of the first `$(`, found byte by byte.
    var firstParameterOpening: Index? {
        let bytes = utf8
        var index = bytes.startIndex
        while let dollar = bytes[index...].firstIndex(of: UInt8(ascii: "$")) {
            let next = bytes.index(after: dollar)
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: "(") { return dollar }
            index = next
        }
        return nil
    }
}
