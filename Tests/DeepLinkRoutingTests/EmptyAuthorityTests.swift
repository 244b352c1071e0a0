import Testing

@testable import DeepLinkRouting

/// `https:///c/1` has an empty authority: RFC 3986 reads an empty host and the path `/c/1`, but browsers skip every
/// slash after a special scheme's colon and open host `c`, path `/1`. Like the other empty-host forms (`https://@/c/1`,
/// `https://:443/c/1`) it is malformed, in every special scheme, case and way of leaving the authority empty.
@Suite("An empty authority after a special scheme is malformed")
struct EmptyAuthorityTests {
    let table = ExpresScanTable.table

    static let urls: [String] = {
        let schemes = ["https", "HTTPS", "Https", "http", "HTTP", "ws", "wss", "ftp"]
        let rests = ["/c/1", "/c/CH-42", "//c/CH-42", "//links.example.com/c/CH-42", "/", "", "?url=x", "#c/1", "/m/abcdefghijklmnopqrstu"]
        return schemes.flatMap { scheme in rests.map { scheme + "://" + $0 } }
    }()

    @Test("an empty authority after a special scheme is an invalid host", arguments: urls)
    func emptyAuthority(url: String) throws {
        let unmatched = try #require(table.resolve(url).unmatched)
        #expect(unmatched.reason == .malformedURL)
        #expect(unmatched.detail == "URL has an invalid host")
    }

    @Test(
        "a custom scheme's empty authority stays the path's start, as browsers read it too",
        arguments: ["expchg:///c/CH-42", "EXPCHG:///c/CH-42"])
    func customSchemeKeepsItsEmptyAuthority(url: String) {
        #expect(table.resolve(url).routeName == "charger")
    }

    @Test("a special scheme with a host is read as before", arguments: ["https://links.example.com/c/CH-42", "HTTPS://links.example.com/c/CH-42"])
    func hostIsKept(url: String) {
        #expect(table.resolve(url).routeName == "charger")
    }
}
