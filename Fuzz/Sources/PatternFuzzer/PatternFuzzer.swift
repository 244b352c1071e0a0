import DeepLinkAASA
import DeepLinkRouting
import FuzzSupport

/// One fuzz input: lines `pattern`, `charset`, `min`, `max`, `value`, `second pattern` (missing lines are empty).
@main
enum PatternFuzzer {
    static func main() {
        Fuzzer.run(patternFuzzerTestOneInput)
    }
}

/// libFuzzer's callback; also exported under the name libFuzzer's own `main` object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
package func patternFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let lines = text(data, size).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func line(_ index: Int) -> String { index < lines.count ? lines[index] : "" }
    let input = PatternInput(
        pattern: line(0), charset: line(1), minimum: Int(line(2)), maximum: Int(line(3)), value: line(4), secondPattern: line(5))
    input.checkPattern()
    input.checkCharacterClass()
    input.checkTable()
    return 0
}

/// A route definition built from fuzz input, and what must hold for it.
struct PatternInput {
    let pattern: String
    let charset: String
    let minimum: Int?
    let maximum: Int?
    let value: String
    let secondPattern: String

    /// A parsed pattern prints in a form that parses back to the same pattern.
    func checkPattern() {
        guard let parsed = try? PathPattern(parsing: pattern) else { return }
        let printed = parsed.description
        invariant(
            (try? PathPattern(parsing: printed)) == parsed,
            "pattern \(pattern.debugDescription) prints as \(printed.debugDescription), which parses differently")
        invariant((try? PathPattern(parsing: "/" + printed)) == parsed, "a leading / changes \(printed.debugDescription)")
    }

    /// A parsed class has sorted, disjoint, non-adjacent ranges, and `contains` agrees with them.
    func checkCharacterClass() {
        guard let characters = try? CharacterClass(charset) else { return }
        let ranges = characters.ranges
        invariant(!ranges.isEmpty, "charset \(charset.debugDescription) parses to no characters")
        for (left, right) in zip(ranges, ranges.dropFirst()) {
            invariant(left.upperBound &+ 1 < right.lowerBound, "ranges of \(charset.debugDescription) overlap or touch: \(ranges)")
        }
        for scalar in (charset + value).unicodeScalars {
            let listed = ranges.contains { $0.contains(scalar.value) }
            invariant(characters.contains(scalar) == listed, "contains(\(scalar.value)) disagrees with the ranges of \(charset.debugDescription)")
        }
        invariant(characters.isSuperset(of: characters) && characters.intersects(characters), "\(charset.debugDescription) is not its own superset")
    }

    /// Compiling never crashes and has a table exactly when it has no error; a link built from a valid value
    /// resolves back to the same route and value.
    func checkTable() {
        let compilation = RouteTable.compile(definition(routes: [route("fuzzed", pattern)]))
        let hasErrors = compilation.diagnostics.contains { $0.severity == .error }
        invariant((compilation.table == nil) == hasErrors, "a table exists exactly when there is no error")
        if let table = compilation.table {
            _ = parsedObject(AASAGenerator(table: table).json(), "the AASA of \(pattern.debugDescription)")
            _ = table.resolve("https://links.example.com/" + value)
            checkRoundTrip(table)
        }
        let two = RouteTable.compile(definition(routes: [route("fuzzed", pattern), route("second", secondPattern)]))
        if let table = two.table {
            _ = parsedObject(AASAGenerator(table: table).json(), "the AASA of two routes")
        }
    }

    private func checkRoundTrip(_ table: RouteTable) {
        guard let route = table.route(named: "fuzzed"), !route.pattern.hasWildcards,
            route.parameters.allSatisfy({ $0.rule.validate(value[...]) == nil })
        else { return }
        let values = Dictionary(uniqueKeysWithValues: route.parameters.map { ($0.name, value) })
        let links: Links
        do {
            links = try table.links(route: "fuzzed", parameters: values)
        } catch .dotSegment(_, _, let segment) {
            // A value of dots alone may fill a segment with `.` or `..`, which browsers remove: refusing is right.
            invariant(
                (segment == "." || segment == "..") && value.allSatisfy { $0 == "." },
                "valid value \(value.debugDescription) for \(pattern.debugDescription) is refused for the segment \(segment.debugDescription)")
            return
        } catch {
            fatalError("invariant violated: valid value \(value.debugDescription) for \(pattern.debugDescription) cannot be linked: \(error)")
        }
        for link in [links.universal, links.app].compactMap({ $0 }) {
            guard case .matched(let match) = table.resolve(link) else {
                fatalError("invariant violated: link \(link) for \(pattern.debugDescription) and \(value.debugDescription) does not resolve")
            }
            invariant(match.route.name == "fuzzed", "link \(link) resolves to \(match.route.name)")
            for parameter in route.parameters {
                invariant(sameBytes(match.value(of: parameter.name), value), "link \(link) gives \(parameter.name) another value")
            }
        }
    }

    private func definition(routes: [RouteDefinition]) -> RouteTableDefinition {
        RouteTableDefinition(
            app: AppDefinition(name: Located("Fuzz"), appIDs: [Located("ABCDE12345.com.example.fuzz")], appStoreID: Located("1234567890")),
            domains: [Located("links.example.com")], schemes: [Located("expchg")], routes: routes)
    }

    /// A route on `path` with one rule for each of its parameters, plus an optional query parameter `q`.
    private func route(_ name: String, _ path: String) -> RouteDefinition {
        let names = ((try? PathPattern(parsing: path))?.parameterNames ?? []) + ["q"]
        let parameters = names.map {
            ParameterDefinition(name: $0, charset: charset, minimumLength: minimum, maximumLength: maximum, isRequired: false)
        }
        return RouteDefinition(
            name: Located(name), path: Located(path), scopes: [Located("universal"), Located("app")], parameters: parameters,
            notification: Located("fuzzed"))
    }
}
