/// The real link domain `deeplinkd doctor` examines: `deeplinkd serve` in process over HTTPS, with a certificate that
/// the test CA (`certificates`) signed; `remove()` stops it and deletes the certificates.
struct DoctorSite {
    let certificates: DoctorCertificates
    let server: LiveServer
    /// The HTTPS port.
    var port: Int { server.port }

    /// Serves `deeplinkd serve ARGUMENTS` with a certificate for `host`.
    init(for host: String = DoctorTests.host, _ arguments: [String] = []) throws {
        certificates = try DoctorCertificates()
        do {
            let pair = try certificates.server(for: host)
            server = try LiveServer(["--tls-cert", pair.certificate, "--tls-key", pair.key] + arguments)
        } catch {
            certificates.remove()
            throw error
        }
    }

    func remove() {
        server.stop()
        certificates.remove()
    }
}
