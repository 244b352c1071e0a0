import DeepLinkAASA

extension Doctor {
    /// `android package P`, `android fingerprints P`, `android relations P` and `android dynamic rules P`: the served
    /// statement of `app` against the generated one.
    func checkStatement(of app: AndroidApp, served: ServedAssetLinks, generated: ServedAssetLinks) -> [Finding] {
        let fix =
            "deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd assetlinks --domain \(host)"
        guard let statement = served.statements.first(where: { $0.package == app.package }),
            let expected = generated.statements.first(where: { $0.package == app.package })
        else {
            let listed = served.statements.map(\.package).joined(separator: ", ")
            return [
                .fail(
                    "android package \(app.package)",
                    "the file has no statement for \(app.package)\(listed.isEmpty ? "" : " (it lists \(listed))"), so Android verifies none of its links",
                    fix: fix)
            ]
        }
        var findings: [Finding] = [.ok("android package \(app.package)", "listed")]
        let lowerCase = statement.fingerprints.filter { $0 != $0.uppercased() }
        let missing = app.fingerprints.filter { !statement.fingerprints.contains($0) }
        if !lowerCase.isEmpty {
            findings.append(
                .fail(
                    "android fingerprints \(app.package)",
                    "\(lowerCase.joined(separator: ", ")) is in lower case; Android compares fingerprints upper-case, so it matches no certificate",
                    fix: fix))
        } else if !missing.isEmpty {
            findings.append(
                .fail(
                    "android fingerprints \(app.package)",
                    "the file does not list \(missing.joined(separator: ", ")), so an app signed with it does not verify",
                    fix: fix))
        } else {
            findings.append(.ok("android fingerprints \(app.package)", "\(app.fingerprints.count) listed"))
        }
        if Set(statement.relations) != Set(expected.relations) {
            findings.append(
                .fail(
                    "android relations \(app.package)",
                    "the file grants \(statement.relations.joined(separator: ", ")) where the table grants \(expected.relations.joined(separator: ", "))",
                    fix: fix))
        }
        findings.append(dynamicRulesFinding(app.package, served: statement.dynamicRules ?? [], expected: expected.dynamicRules ?? [], fix: fix))
        return findings
    }

    private func dynamicRulesFinding(_ package: String, served: [String], expected: [String], fix: String) -> Finding {
        let check = "android dynamic rules \(package)"
        guard served != expected else { return .ok(check, "the \(expected.count) the table generates for \(host)") }
        guard let index = served.indices.first(where: { $0 < expected.count && served[$0] != expected[$0] }) else {
            return .fail(
                check, "out of date: \(served.count) served, \(expected.count) generated, the same up to #\(min(served.count, expected.count))", fix: fix)
        }
        return .fail(
            check,
            "out of date: \(served.count) served, \(expected.count) generated; #\(index + 1) is \(served[index]) where the table generates \(expected[index])",
            fix: fix)
    }

    /// `android apk certificate F`: each fingerprint of `--apk-cert` is listed for some package of the served file.
    func checkApkCertificates(_ fingerprints: [String], served: ServedAssetLinks) -> [Finding] {
        fingerprints.map { fingerprint in
            let packages = served.statements.filter { $0.fingerprints.contains(fingerprint) }.map(\.package)
            guard !packages.isEmpty else {
                return .fail(
                    "android apk certificate \(fingerprint)",
                    "no statement lists it, so an APK signed with it opens no App Link (with Play App Signing, the certificate on devices is Play's)",
                    fix: "add it to the app's sha256CertFingerprints in the table and deploy")
            }
            return .ok("android apk certificate \(fingerprint)", "listed for \(packages.joined(separator: ", "))")
        }
    }
}
