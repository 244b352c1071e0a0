import Foundation
import JSONLinesLog
import Logging
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
        case .written(let written): return (written.response, answer)
        }
    }
}

/// A server loaded from a copy of the default config in a temporary directory of its own, for tests that rewrite
/// the config and reload; `remove()` deletes the directory.
struct ReloadableServer {
    let directory: URL
    let configURL: URL
    /// The default config's text, as first written.
    let original: String
    let server: DeepLinkServer

    init(named name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        configURL = directory.appendingPathComponent("deeplinkd.yaml")
        original = try String(contentsOfFile: SiteFixture.configPath, encoding: .utf8)
        do {
            try original.write(to: configURL, atomically: true, encoding: .utf8)
            var logger = Logger(label: "deeplinkd-test")
            logger.logLevel = .critical
            server = try DeepLinkServer(
                configPath: configURL.path, publicDirectory: SiteFixture.publicDirectory, logger: logger, accessLog: .sink { _ in })
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Replaces the config file's text (the server reads it on its next reload).
    func rewrite(_ text: String) throws {
        try text.write(to: configURL, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    func json() -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}
