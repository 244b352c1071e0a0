import Testing

@testable import DeepLinkRouting

@Suite("What a compiled table holds")
struct RouteTableStorageTests {
    @Test("the table an app compiles holds its routes, their index and names, and none of the server's answer pieces")
    func holdsOnlyWhatResolvingNeeds() throws {
        let table = ExpresScanTable.table
        let storage = try #require(Mirror(reflecting: table).children.first { $0.label == "storage" }?.value)
        let held = Set(Mirror(reflecting: storage).children.compactMap(\.label))
        #expect(held == ["app", "domains", "schemes", "states", "gates", "features", "routes", "entries", "entryRoutes", "index", "positions"])
    }
}
