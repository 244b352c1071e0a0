import DeepLinkAASA
import DeepLinkRouting

extension Doctor {
    /// The served file against the one the table generates for the host: app IDs, components, `webcredentials`,
    /// `appclips`. A difference means a stale or foreign deployment.
    func checkAgainstTable(_ served: ServedAssociation) -> [Finding] {
        let generated = AASAGenerator(table: table).json(for: host)
        let deploy = "deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd aasa --domain \(host)"
        var findings: [Finding] = []
        let servedIDs = served.details.flatMap(\.appIDs)
        let missing = table.app.appIDs.filter { !servedIDs.contains($0) }
        let extra = servedIDs.filter { !table.app.appIDs.contains($0) }
        if missing.isEmpty && extra.isEmpty {
            findings.append(.ok("app IDs", table.app.appIDs.joined(separator: ", ")))
        } else {
            let parts = [
                missing.isEmpty ? nil : "does not list \(missing.joined(separator: ", "))",
                extra.isEmpty ? nil : "lists \(extra.joined(separator: ", ")), which the table does not",
            ]
            findings.append(.fail("app IDs", "applinks " + parts.compactMap { $0 }.joined(separator: " and "), fix: deploy))
        }
        let expected = ServedAssociation.canonicalComponents(ofGenerated: generated)
        for appID in table.app.appIDs {
            guard let details = served.details(for: appID) else { continue }
            findings.append(compare(details.components, expected, appID: appID, fix: deploy))
        }
        if table.app.webCredentials {
            findings.append(services("webcredentials", served.webCredentialApps, expected: table.app.appIDs, fix: deploy))
        }
        if !table.app.appClips.isEmpty {
            findings.append(services("appclips", served.appClipApps, expected: table.app.appClips, fix: deploy))
        }
        return findings
    }

    private func compare(_ served: [String], _ expected: [String], appID: String, fix: String) -> Finding {
        let check = table.app.appIDs.count == 1 ? "components" : "components of \(appID)"
        guard served != expected else { return .ok(check, "the \(expected.count) the table generates for \(host)") }
        let position = zip(served, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(served.count, expected.count)
        let servedText = position < served.count ? served[position] : "nothing"
        let expectedText = position < expected.count ? expected[position] : "nothing"
        return .fail(
            check,
            "a stale deployment: \(served.count) served, \(expected.count) generated; #\(position + 1) is \(servedText) where the table generates \(expectedText)",
            fix: fix)
    }

    private func services(_ name: String, _ served: [String]?, expected: [String], fix: String) -> Finding {
        guard let served else { return .fail(name, "the file has no \(name) section, though the table lists \(expected.joined(separator: ", "))", fix: fix) }
        let missing = expected.filter { !served.contains($0) }
        guard missing.isEmpty else { return .fail(name, "\(name).apps does not list \(missing.joined(separator: ", "))", fix: fix) }
        return .ok(name, served.joined(separator: ", "))
    }

    /// A sample URL of every pattern (aliases too) of every route the host opens, run through Apple's matching rules
    /// on the served file: each must open the app.
    func checkRoutes(_ served: ServedAssociation) -> [Finding] {
        let channel = Channel.universal(host: host)
        return table.routes.filter { channel.tier(of: $0.scopes) != nil }.flatMap(\.everyPattern).map { route in
            let check = route.isAlias ? "route \(route.name) alias \(route.pattern)" : "route \(route.name)"
            guard let sample = route.sample(on: host) else {
                return .fail(check, "no sample URL can be written for it (its charset allows no plain character)", fix: "check its params")
            }
            for appID in table.app.appIDs {
                guard let details = served.details(for: appID) else {
                    return .fail(
                        check, "\(sample.url) does not open \(appID): no applinks entry lists the app",
                        fix: "deploy the AASA the table generates (deeplinkd aasa --domain \(host))")
                }
                switch details.matcher.verdict(path: sample.path, query: sample.query) {
                case .opens: continue
                case .blocked(let rule):
                    return .fail(
                        check, "\(sample.url) does not open \(appID): component #\(rule + 1) excludes it",
                        fix: "deploy the AASA the table generates (deeplinkd aasa --domain \(host))")
                case .noMatch:
                    return .fail(
                        check, "\(sample.url) does not open \(appID): no component matches it",
                        fix: "deploy the AASA the table generates (deeplinkd aasa --domain \(host))")
                }
            }
            return .ok(check, "\(sample.url) opens the app")
        }
    }
}
