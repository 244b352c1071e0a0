import Foundation
import Testing

@testable import deeplinkd

/// `deeplinkd doctor` judges as Apple's CDN does: 131,072 bytes pass and one more fails, UTF-8 only (a UTF-8 byte
/// order mark fails too, with the reason), strict JSON; a wrong-name certificate is named so without waiting for a
/// slow body; a bad `--cacert` is doctor's own input error; the URL is read as a URL.
@Suite("deeplinkd doctor's verdicts match Apple's CDN", .serialized)
struct DoctorVerdictTests {
    static let host = DoctorTests.host
    static let fix = "Fix: serve the file the table generates (deeplinkd aasa)"

    /// The AASA `deeplinkd aasa` prints, without its final line break.
    static func aasa() throws -> [UInt8] {
        Array(try Deeplinkd.run(["aasa"]).output.utf8.dropLast())
    }

    /// Doctor's output lines for a domain serving `body` as it is.
    func doctor(serving body: [UInt8]) throws -> (status: Int32, lines: [String]) {
        let certificates = try DoctorCertificates()
        defer { certificates.remove() }
        let domain = try FakeLinkDomain(serving: [FakeLinkDomain.aasaPath: body], certificates: certificates)
        try #require(domain.port > 0)
        let result = try DoctorTests().doctor(port: domain.port, certificates: certificates)
        return (result.status, result.output.split(separator: "\n").map(String.init))
    }

    @Test("a body of exactly 131,072 bytes is within Apple's limit; one of 131,073 is over it")
    func sizeLimit() throws {
        let aasa = try Self.aasa()
        // JSON allows white space after the value: the same file, padded to the size.
        let atLimit = aasa + [UInt8](repeating: 0x20, count: 131_072 - aasa.count)
        let passing = try doctor(serving: atLimit)
        #expect(passing.lines.contains("ok   size: 131072 bytes (limit 131072)"))
        #expect(passing.lines.contains("ok   json: a JSON object"))
        #expect(passing.status == 0, "\(passing.lines)")
        let failing = try doctor(serving: atLimit + [0x20])
        #expect(failing.status == 1)
        #expect(
            failing.lines.filter { $0.hasPrefix("FAIL") } == [
                "FAIL size: the body is over 131072 bytes, and iOS drops larger files. Fix: serve the file the table generates (deeplinkd aasa), or fewer, broader components"
            ])
    }

    @Test(
        "a body in UTF-16 or UTF-32, with a byte order mark or without, fails: Apple reads UTF-8 only",
        arguments: [
            (String.Encoding.utf16LittleEndian, false, "UTF-16 (little-endian)"), (.utf16BigEndian, false, "UTF-16 (big-endian)"),
            (.utf16LittleEndian, true, "UTF-16 (little-endian, with a byte order mark)"),
            (.utf16BigEndian, true, "UTF-16 (big-endian, with a byte order mark)"), (.utf32LittleEndian, false, "UTF-32 (little-endian)"),
            (.utf32BigEndian, false, "UTF-32 (big-endian)"), (.utf32LittleEndian, true, "UTF-32 (little-endian, with a byte order mark)"),
            (.utf32BigEndian, true, "UTF-32 (big-endian, with a byte order mark)"),
        ])
    func otherEncodings(encoding: String.Encoding, hasMark: Bool, name: String) throws {
        let text = String(decoding: try Self.aasa(), as: UTF8.self)
        let body = try #require(((hasMark ? "\u{FEFF}" : "") + text).data(using: encoding))
        let result = try doctor(serving: Array(body))
        #expect(result.status == 1)
        #expect(
            result.lines.filter { $0.hasPrefix("FAIL") } == [
                "FAIL json: the body is \(name), not UTF-8: Apple's CDN and iOS read the AASA as UTF-8 only. \(Self.fix)"
            ])
    }

    @Test(
        "a UTF-8 byte order mark, a byte that is not UTF-8 and JSON5-isms each fail, with the reason",
        arguments: [
            (
                "bom",
                "FAIL json: the body starts with a UTF-8 byte order mark, which JSON text must not have (RFC 8259 §8.1) and a strict reader such as Apple's CDN refuses"
            ),
            ("latin1", "FAIL json: the body is not UTF-8 (byte 0xE9 at offset 1 begins no character): Apple's CDN and iOS read the AASA as UTF-8 only"),
            ("trailing comma", "FAIL json: the body is not JSON (line 1, column LAST: a trailing comma), so neither Apple's CDN nor iOS can read it"),
            ("comment", "FAIL json: the body is not JSON (line 1, column 2: a comment, which JSON does not allow), so neither Apple's CDN nor iOS can read it"),
        ])
    func notStrict(variant: String, finding: String) throws {
        let aasa = try Self.aasa()
        let body: [UInt8] =
            switch variant {
            case "bom": [0xEF, 0xBB, 0xBF] + aasa
            case "latin1": [UInt8(ascii: "{"), 0xE9] + aasa.dropFirst()
            case "trailing comma": aasa.dropLast() + Array(",}".utf8)
            default: [UInt8(ascii: "{")] + Array("// the links\n".utf8) + aasa.dropFirst()
            }
        let result = try doctor(serving: body)
        #expect(result.status == 1)
        let expected = finding.replacingOccurrences(of: "LAST", with: "\(aasa.count)")
        #expect(result.lines.filter { $0.hasPrefix("FAIL") } == ["\(expected). \(Self.fix)"])
    }

    @Test("a certificate for another name is reported as such at once, even when the body is slow, and the body is asked for once")
    func wrongNameSlowBody() throws {
        let certificates = try DoctorCertificates()
        defer { certificates.remove() }
        let domain = try FakeLinkDomain(serving: [FakeLinkDomain.aasaPath: try Self.aasa()], .slow, host: "wrong.example.com", certificates: certificates)
        try #require(domain.port > 0)
        let result = try DoctorTests().doctor(port: domain.port, certificates: certificates)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "FAIL tls: the certificate does not name links.example.com (SSL: no alternative certificate subject name matches target host name 'links.example.com'); Apple's CDN refuses it. Fix: serve a certificate from a public CA (Let's Encrypt, for one) whose subjectAltName lists links.example.com, with its intermediates"
        )
        #expect(
            lines.dropFirst().first?.hasPrefix("FAIL fetch: GET https://links.example.com/.well-known/apple-app-site-association: no answer within 10 s (")
                == true)
        #expect(lines.last == "links.example.com: 2 of 2 checks fail")
        // The name was told from the trust by a handshake alone: the only GET is the one that reads the body.
        #expect(domain.requests == ["/.well-known/apple-app-site-association"])
    }

    @Test(
        "a --cacert that is missing, a directory, not PEM, or PEM libcurl cannot load is doctor's input error, not the server's",
        arguments: [
            ("missing.pem", "Error: --cacert: cannot read DIR/missing.pem: no such file"),
            ("", "Error: --cacert: cannot read DIR/: it is a directory, not a regular file"),
            ("text.pem", "Error: --cacert DIR/text.pem: no PEM certificate in it (no -----BEGIN CERTIFICATE----- line); give the CA certificates in PEM form"),
            ("broken.pem", "Error: --cacert DIR/broken.pem: PEM block 1 is not a certificate (base64 of a DER certificate between BEGIN and END lines)"),
        ])
    func badCACertificates(name: String, error: String) throws {
        let certificates = try DoctorCertificates()
        defer { certificates.remove() }
        _ = try certificates.write("just words\n", to: "text.pem")
        _ = try certificates.write("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n", to: "broken.pem")
        // Nothing listens on port 9: a doctor that went on would blame the connection.
        let result = try Deeplinkd.run(["doctor", "https://\(Self.host)", "--connect-to", "127.0.0.1:9", "--cacert", certificates.directory + "/" + name])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix(error.replacingOccurrences(of: "DIR", with: certificates.directory) + "\n"), "\(result.error)")
    }

    @Test("CA certificates that pass for PEM but that libcurl cannot load are doctor's input error too, not the server's")
    func unloadableCACertificates() throws {
        let site = try DoctorSite()
        defer { site.remove() }
        // Base64 of a DER sequence that holds nothing: a certificate to look at, not to load.
        let path = try site.certificates.write("-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n", to: "empty.pem")
        let result = try Deeplinkd.run(["doctor", "https://\(Self.host)", "--connect-to", "127.0.0.1:\(site.port)", "--cacert", path])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("Error: --cacert \(path): libcurl cannot load CA certificates from it ("), "\(result.error)")
    }

    @Test("https://HOST?query and https://HOST#fragment name the host HOST, which doctor then asks for the domain alone")
    func queryAndFragment() throws {
        for url in ["https://links.example.com?x", "https://links.example.com#x", "https://links.example.com/?x", "https://links.example.com/path"] {
            let result = try Deeplinkd.run(["doctor", url])
            #expect(result.status == 64)
            #expect(
                result.error.hasPrefix(
                    "Error: '\(url)' must be https://HOST, without a path, query or fragment: doctor examines the domain, so give https://links.example.com\n"
                ), "\(result.error)")
        }
    }

    @Test("a trailing dot names the same domain: https://HOST. passes every check against the real server")
    func trailingDot() throws {
        let site = try DoctorSite()
        defer { site.remove() }
        let result = try Deeplinkd.run([
            "doctor", "https://\(Self.host).", "--connect-to", "127.0.0.1:\(site.port)", "--cacert", site.certificates.caPath,
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasSuffix("links.example.com: all 27 checks pass\n"))  // 15, and 12 for the two Android apps
    }
}
