import Testing

@testable import DeepLinkRouting

@Suite("Path patterns")
struct PathPatternTests {
    @Test("parses every component kind")
    func parsesComponents() throws {
        let pattern = try PathPattern(parsing: "/account/junk$(id)here/*/**")
        #expect(pattern.components == [.literal("account"), .parameter(name: "id", prefix: "junk", suffix: "here"), .wildcard, .rest])
        #expect(pattern.parameterNames == ["id"])
        #expect(pattern.description == "account/junk$(id)here/*/**")
        #expect(try PathPattern(parsing: "").components.isEmpty)
        #expect(try PathPattern(parsing: "/").components.isEmpty)
    }

    @Test("a trailing slash is dropped, as Flint tables write it: 'hello/' is 'hello'")
    func trailingSlash() throws {
        #expect(try PathPattern(parsing: "hello/") == PathPattern(parsing: "hello"))
        #expect(try PathPattern(parsing: "/c/$(id)/") == PathPattern(parsing: "c/$(id)"))
    }

    @Test(
        "reports bad syntax with a reason",
        arguments: [
            ("c//x", "component 2 is empty (a doubled or trailing '/')"),
            ("c//", "component 2 is empty (a doubled or trailing '/')"),
            ("**/c", "'**' must be the last component, but it is component 1"),
            ("c/a*b", "'*' must be a whole component, not part of 'a*b'"),
            ("c/***", "'*' must be a whole component, not part of '***'"),
            ("caf%C3%A9", "'caf%C3%A9' contains '%': write literals decoded, as they read"),
            ("c/$(id", "'$(id' opens '$(' without a closing ')'"),
            ("c/$()", "'$()' has an invalid parameter name (use letters, digits, '_' or '-')"),
            ("c/$(a b)", "'$(a b)' has an invalid parameter name (use letters, digits, '_' or '-')"),
            ("c/$(a)-$(b)", "'$(a)-$(b)' has more than one parameter; use one per component"),
            ("$(id)/$(id)", "parameter 'id' is used twice"),
            ("auth/callback?code=$(code)", "patterns match the path only, remove '?' (declare query parameters under params)"),
        ])
    func reportsSyntaxErrors(text: String, message: String) {
        #expect(throws: PatternSyntaxError.self) { try PathPattern(parsing: text) }
        do {
            _ = try PathPattern(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("matches prefixes, suffixes, wildcards and the rest of a path, through the index resolve uses")
    func matches() throws {
        let product = try PathPattern(parsing: "product-$(id)-view")
        #expect(product.match(["product-42-view"])?.parameters.first?.value == "42")
        #expect(product.match(["product--view"])?.parameters.first?.value == "")
        #expect(product.match(["product-view"]) == nil, "prefix and suffix may not overlap")
        #expect(product.match(["product-42-views"]) == nil)

        let wildcard = try PathPattern(parsing: "*/$(id)/view")
        #expect(wildcard.match(["any", "7", "view"])?.wildcards == [["any"]])
        #expect(wildcard.match(["7", "view"]) == nil)

        let rest = try PathPattern(parsing: "docs/**")
        #expect(rest.match(["docs"])?.wildcards == [[]])
        #expect(rest.match(["docs", "a", "b"])?.wildcards == [["a", "b"]])
        #expect(rest.match(["doc"]) == nil)
    }

    @Test("syntax is read byte by byte: a combining mark does not hide a separator (found by fuzzing)")
    func combiningMarks() throws {
        #expect(try PathPattern(parsing: "a/\u{301}b").components == [.literal("a"), .literal("\u{301}b")])
        #expect(try PathPattern(parsing: "/\u{301}a") == PathPattern(parsing: "\u{301}a"))
        #expect(throws: PatternSyntaxError.queryOrFragment("?")) { try PathPattern(parsing: "x?\u{301}") }
        #expect(throws: PatternSyntaxError.partialWildcard("a*\u{301}")) { try PathPattern(parsing: "a*\u{301}") }
    }

    @Test("literals compare byte for byte: case-sensitive, no Unicode equivalence")
    func literalsAreExact() throws {
        let pattern = try PathPattern(parsing: "caf\u{E9}")
        #expect(pattern.match(["caf\u{E9}"]) != nil)
        #expect(pattern.match(["cafe\u{301}"]) == nil)
        #expect(pattern.match(["CAF\u{C9}"]) == nil)
    }
}
