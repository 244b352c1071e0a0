import Foundation
import MicroHTTP

@testable import DeepLinkServer

/// The repository's default config and Public directory, served through the pure request handler.
enum SiteFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let configPath = root.appendingPathComponent("config/deeplinkd.yaml").path
    static let publicDirectory = root.appendingPathComponent("Public").path

    static let site: Site = {
        do {
            return try Site(configPath: configPath, publicDirectory: publicDirectory)
        } catch {
            fatalError("the default site must load: \(error)")
        }
    }()

    static let handler = SiteHandler(site: site, metrics: ServerMetrics())

    /// The response to one request.
    static func send(
        _ target: String, method: String = "GET", headers: [(String, String)] = [], body: String = "", handler: SiteHandler = handler
    ) -> (response: HTTPResponse, answer: Answer) {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name: name, value: value) }
        let request = HTTPRequest(method: method, target: target, headers: fields, body: Array(body.utf8), remoteAddress: "127.0.0.1", isTLS: false)
        let answer = handler.respond(to: request)
        switch answer.reply {
        case .response(let response): return (response, answer)
        case .prepared(let prepared): return (prepared.response, answer)
        }
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    func json() -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}
