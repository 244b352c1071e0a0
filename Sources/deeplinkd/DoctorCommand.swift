import ArgumentParser
import DeepLinkAASA
import DeepLinkConfig
import LinkDoctor

/// `deeplinkd doctor https://HOST`: fetches the domain's apple-app-site-association as Apple's CDN does and prints
/// one line per check, `ok` or `FAIL` with the fix; exits 0 only when every check passes.
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

    /// `HOST` or `HOST:PORT` from the URL.
    func authority() throws -> String {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") else {
            throw ValidationError("'\(url)' is not an https:// URL: Apple fetches the AASA over HTTPS only")
        }
        let rest = lowered.dropFirst("https://".count)
        let authority = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !authority.isEmpty, rest.count == authority.count || rest.dropFirst(authority.count) == "/", !authority.contains("@") else {
            throw ValidationError("'\(url)' must be https://HOST, without a path, query or user")
        }
        return authority
    }

    func run() throws {
        let authority = try authority()
        let configuration = try options.load()
        let doctor = Doctor(table: configuration.table, authority: authority)
        var findings: [Finding]
        do {
            findings = try doctor.examine(
                caFile: connection.cacert, connectTo: connection.curlConnectTo, entitlements: entitlements.map(Entitlements.init(contentsOf:)))
            if let expected = configuration.documents.assetLinks(for: doctor.host) {
                findings += try doctor.examineAndroid(
                    apps: configuration.android, expected: expected, caFile: connection.cacert, connectTo: connection.curlConnectTo,
                    apkFingerprints: try android.apkCertificates.flatMap(ApkCertificates.fingerprints(contentsOf:)))
            }
        } catch {
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        }
        for finding in findings { Console.output(finding.description) }
        for command in Doctor.androidDeviceCommands(for: configuration.android) { Console.output("on a device: \(command)") }
        let failures = findings.filter { !$0.isPassed }.count
        Console.output(failures == 0 ? "\(doctor.host): all \(findings.count) checks pass" : "\(doctor.host): \(failures) of \(findings.count) checks fail")
        if failures > 0 { throw ExitCode.failure }
    }
}
