import Testing

@testable import deeplinkd

@Suite("deeplinkd resolve says where the app would hold a link", .hangLimit)
struct ResolveWaitCommandTests {
    @Test("with --state launching the sign-in link waits, with its reason, and the charger is dispatched")
    func launching() throws {
        let result = try Deeplinkd.run(["resolve", "--state", "launching", "https://links.example.com/u/abcd", "expchg://c/9"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(#""action":"wait","reason":"undecidedState"}"#) == true, "\(lines)")
        #expect(lines.last?.hasSuffix(#""action":"dispatch"}"#) == true, "\(lines)")
    }
}
