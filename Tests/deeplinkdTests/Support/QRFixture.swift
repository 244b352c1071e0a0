import Foundation

@testable import deeplinkd

/// A scratch directory holding a route table made for the QR tests: a route whose values need percent-encoding
/// (spaces, `'`, `,`, `&`, `<`, `"`, `é`), with an optional query parameter; a secret route; an app-only route.
struct QRFixture {
    static let table = """
        app: {name: Stations, appIDs: [ABCDE12345.com.example.stations]}
        domains: [go.example.com]
        schemes: [stations]
        routes:
          - name: station
            path: s/$(name)
            scopes: [universal, app]
            params:
              name: {charset: "A-Za-z0-9 ,'&<>\\"éüßÖ-", max: 64}
              bay: {charset: "0-9", max: 3}
            notification: stationRequested
          - name: pass
            path: p/$(token)
            params:
              token: {charset: "a-z", min: 4}
            secret: true
            notification: passRequested
          - name: appOnly
            path: a/$(id)
            scopes: [app]
            params:
              id: {charset: "0-9"}
            notification: appOnlyRequested

        """

    let scratch: ScratchDirectory
    /// The scratch directory's path.
    var directory: String { scratch.path }

    init() throws {
        scratch = try ScratchDirectory("qr")
        try scratch.write(Self.table, to: "stations.yaml")
    }

    /// The path of `name` in the scratch directory.
    func path(_ name: String) -> String {
        scratch.path(name)
    }

    /// `deeplinkd qr` with the fixture's table.
    func qr(_ arguments: [String]) throws -> Deeplinkd.Result {
        try Deeplinkd.run(["qr", "--config", path("stations.yaml")] + arguments)
    }

    /// The Universal Link `deeplinkd link` builds for the same intent: what every code must hold.
    func link(_ arguments: [String]) throws -> String {
        let result = try Deeplinkd.run(["link", "--config", path("stations.yaml")] + arguments)
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        return json?["universal"] as? String ?? "link failed: \(result.error)"
    }

    func remove() {
        scratch.remove()
    }
}
