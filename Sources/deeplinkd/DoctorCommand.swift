import ArgumentParser
import DeepLinkAASA
import DeepLinkConfig
import LinkDoctor

/// `deeplinkd doctor https://HOST`: fetches the domain's apple-app-site-association as Apple's CDN does and prints
/// one line per check as it is made, `ok` or `FAIL` with the fix; exits 0 only when every check passes.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check a link domain as Apple's CDN sees it, against the table and the app's entitlements; exit 1 on any FAIL.")

    @Argument(help: "The link domain, https://HOST (a :PORT is allowed for testing).")
    var url: String

    @OptionGroup var options: ConfigOptions

    @Option(help: "The app's .entitlements property list, to check its associated domains.")
    var entitlements: String?

    @OptionGroup var android: DoctorAndroidOptions

    @OptionGroup var connection: DoctorConnectionOptions

    func validate() throws {
        _ = try authority()
        try connection.checkCACertificates()
    }

    /// `HOST` or `HOST:PORT` from the URL: the authority ends where a path, query or fragment begins, as in any URL.
    func authority() throws -> String {
        guard url.lowercased().hasPrefix("https://") else {
            throw ValidationError("'\(url)' is not an https:// URL: Apple fetches the AASA over HTTPS only")
        }
        let rest = url.dropFirst("https://".count)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end].lowercased()
        guard !authority.isEmpty, !authority.contains("@") else {
            throw ValidationError("'\(url)' must be https://HOST, without a user, path, query or fragment")
        }
        guard rest[end...].isEmpty || rest[end...] == "/" else {
            throw ValidationError(
                "'\(url)' must be https://HOST, without a path, query or fragment: doctor examines the domain, so give https://\(authority)")
        }
        return authority
    }

    func run() throws {
        let configuration = try options.load()
        var doctor = Doctor(table: configuration.table, authority: try authority())
        doctor.openInAppDomain = configuration.openInAppDomain
        var count = 0
        var failures = 0
        func report(_ finding: Finding) throws {
            count += 1
            if !finding.isPassed { failures += 1 }
            try Console.report(finding.description)
        }
        do {
            let apkFingerprints = try android.apkCertificates.flatMap(ApkCertificates.fingerprints(contentsOf:))
            try doctor.examine(
                caFile: connection.cacert, connectTo: connection.curlConnectTo, entitlements: entitlements.map(Entitlements.init(contentsOf:)),
                report: report)
            if let expected = configuration.documents.assetLinks(for: doctor.host) {
                let findings = try doctor.examineAndroid(
                    apps: configuration.android, expected: expected, caFile: connection.cacert, connectTo: connection.curlConnectTo,
                    apkFingerprints: apkFingerprints)
                for finding in findings { try report(finding) }
            }
        } catch let failure as OutputFailure {
            throw failure
        } catch let error as UnusableCAFile {
            throw ValidationError(error.description)
        } catch {
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        }
        for command in Doctor.androidDeviceCommands(for: configuration.android) { try Console.output("on a device: \(command)") }
        try Console.report(failures == 0 ? "\(doctor.host): all \(count) checks pass" : "\(doctor.host): \(failures) of \(count) checks fail")
        if failures > 0 { throw ExitCode.failure }
    }
}
