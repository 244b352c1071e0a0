import ExpresScan
import Testing

@Suite("Copy link, then install: the first launch takes a pasted link of a copyLink route, and nothing else")
struct PastedLinkTests {
    @Test("only charger is copyLink: true in the table")
    func routes() {
        #expect(DeepLink.Route.allCases.filter(\.offersCopyLink) == [.charger])
    }

    @Test(
        "a charger link, as the landing page copies it or through its alias, white space around it, is taken",
        arguments: [
            ("https://links.example.com/c/CH-42", "CH-42"), ("  https://links.example.com/c/CH-42\n", "CH-42"),
            ("https://open.links.example.com/c/A_b-9", "A_b-9"), ("https://links.example.com/charger/CH-7?utm_source=sticker", "CH-7"),
            ("expchg://c/CH-42", "CH-42"),
        ])
    func charger(pasted: String, id: String) {
        #expect(DeepLink.pasted([pasted]) == .charger(id: id))
    }

    @Test(
        "a secret link, a link of a route without copyLink, a link the server refuses and other text are not taken",
        arguments: [
            "https://links.example.com/m/abcdefghijklmnop1234", "https://links.example.com/u/abcd", "https://links.example.com/r/RCPT-123456",
            "https://links.example.com/auth/callback?code=x", "https://links.example.com/c/has%20space", "https://evil.example/c/CH-42",
            "https://links.example.com\\@evil.example/c/CH-42", "call me at 555-0100", "",
        ])
    func refused(pasted: String) {
        #expect(DeepLink.pasted([pasted]) == nil)
    }

    @Test("of several pasted strings, the first a copyLink route takes")
    func first() {
        let pasted = ["https://links.example.com/m/abcdefghijklmnop1234", "hello", "https://links.example.com/c/FIRST", "https://links.example.com/c/SECOND"]
        #expect(DeepLink.pasted(pasted) == .charger(id: "FIRST"))
        #expect(DeepLink.pasted([]) == nil)
    }
}
