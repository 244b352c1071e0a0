import CCurl
import DeepLinkAASA

/// One GET of `https://HOST/.well-known/apple-app-site-association` as Apple's CDN makes it: its user agent, no
/// redirect followed, no cookies, no compression asked for, a body read up to just past Apple's limit.
///
/// The one type that calls libcurl.
struct AssociationFetch: Sendable {
    /// How much the certificate is checked.
    enum Verification: Sendable {
        /// The chain must be trusted and name the host (what Apple does).
        case full
        /// The chain must be trusted; the names are not looked at.
        case chainOnly
        /// Nothing is checked, to go on examining a file Apple would refuse.
        case none
    }

    /// The `https` URL of the file.
    let url: String
    /// PEM CA certificates to trust instead of the system's (`--cacert`).
    let caFile: String?
    /// `HOST:PORT:ADDRESS:PORT` in curl's `--connect-to` form: where to connect instead of the URL's host and port.
    let connectTo: String?
    /// The whole exchange's time limit, in seconds.
    let timeoutSeconds: Int
    /// The `User-Agent` sent.
    var userAgent = "AASA-Bot/1.0.0"

    /// A fetch of the file at `path` (the AASA's by default) on `host` (`HOST` or `HOST:PORT`).
    init(host: String, path: String = "/.well-known/apple-app-site-association", caFile: String? = nil, connectTo: String? = nil, timeoutSeconds: Int = 10) {
        self.url = "https://\(host)\(path)"
        self.caFile = caFile
        self.connectTo = connectTo
        self.timeoutSeconds = timeoutSeconds
    }

    /// Runs the request; with `isHandshakeOnly`, only connects and completes the TLS handshake (the certificate checked
    /// as `verification` says), sending no request: a `received` outcome then has no status and no body.
    func run(verification: Verification, isHandshakeOnly: Bool = false) throws(CurlLibrary.Unavailable) -> FetchOutcome {
        let curl = try CurlLibrary.load()
        guard let handle = curl.easyInit() else { return .failed(FetchFailure(code: -1, message: "curl_easy_init failed")) }
        defer { curl.easyCleanup(handle) }
        let body = BodyCollector(limit: AASAGenerator.sizeLimit)
        // Retained for the transfer, released after curl_easy_perform returns (the callback's context).
        let context = Unmanaged.passRetained(body)
        defer { context.release() }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE))
        var connectList: OpaquePointer?
        defer { curl.slistFreeAll(connectList) }
        let code = errorBuffer.withUnsafeMutableBufferPointer { errors -> CURLcode in
            func set(_ option: CURLoption, _ value: Int) { _ = deeplinkd_curl_setopt_long(curl.setopt, handle, option, value) }
            func set(_ option: CURLoption, _ text: String) {
                // curl copies string options (CURLOPT_* STRINGPOINT) before returning.
                _ = text.withCString { deeplinkd_curl_setopt_pointer(curl.setopt, handle, option, $0) }
            }
            set(CURLOPT_URL, url)
            set(CURLOPT_USERAGENT, userAgent)
            set(CURLOPT_FOLLOWLOCATION, 0)
            set(CURLOPT_NOSIGNAL, 1)
            set(CURLOPT_TIMEOUT, timeoutSeconds)
            set(CURLOPT_CONNECTTIMEOUT, min(timeoutSeconds, 5))
            set(CURLOPT_SSL_VERIFYPEER, verification == .none ? 0 : 1)
            set(CURLOPT_SSL_VERIFYHOST, verification == .full ? 2 : 0)
            if isHandshakeOnly { set(CURLOPT_CONNECT_ONLY, 1) }
            if let caFile { set(CURLOPT_CAINFO, caFile) }
            if let connectTo {
                connectList = curl.slistAppend(nil, connectTo)
                _ = deeplinkd_curl_setopt_pointer(curl.setopt, handle, CURLOPT_CONNECT_TO, UnsafeRawPointer(connectList))
            }
            _ = deeplinkd_curl_setopt_pointer(curl.setopt, handle, CURLOPT_ERRORBUFFER, errors.baseAddress)
            _ = deeplinkd_curl_setopt_write(curl.setopt, handle, BodyCollector.write)
            _ = deeplinkd_curl_setopt_pointer(curl.setopt, handle, CURLOPT_WRITEDATA, context.toOpaque())
            return curl.easyPerform(handle)
        }
        if code != CURLE_OK, !(code == CURLE_WRITE_ERROR && body.isOverLimit) {
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let message = detail.isEmpty ? curl.easyStrerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)" : detail
            return .failed(FetchFailure(code: Int(code.rawValue), message: message))
        }
        if isHandshakeOnly { return .received(FetchedFile(status: 0, contentType: nil, location: nil, body: [], isOverLimit: false)) }
        var status = 0
        _ = deeplinkd_curl_getinfo_long(curl.getinfo, handle, CURLINFO_RESPONSE_CODE, &status)
        func info(_ item: CURLINFO) -> String? {
            var value: UnsafePointer<CChar>?
            guard deeplinkd_curl_getinfo_string(curl.getinfo, handle, item, &value) == CURLE_OK, let value else { return nil }
            return String(cString: value)
        }
        return .received(
            FetchedFile(
                status: status, contentType: info(CURLINFO_CONTENT_TYPE), location: info(CURLINFO_REDIRECT_URL), body: body.bytes,
                isOverLimit: body.isOverLimit))
    }
}
