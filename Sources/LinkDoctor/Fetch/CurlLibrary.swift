import CCurl
import Glibc

/// libcurl, opened with `dlopen` when the doctor first fetches: `serve` never maps it, and a machine without it
/// runs everything but `doctor`. The functions Swift calls directly are looked up by name; the two variadic ones go
/// through the shims in `CCurl`.
struct CurlLibrary: @unchecked Sendable {
    // @unchecked: every stored property is a function pointer into a library that stays loaded (never dlclose'd)
    // for the life of the process; nothing here is mutated after `load()`.
    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let slistFreeAll: @convention(c) (OpaquePointer?) -> Void
    /// `curl_easy_setopt`, for `deeplinkd_curl_setopt_*`.
    let setopt: UnsafeMutableRawPointer
    /// `curl_easy_getinfo`, for `deeplinkd_curl_getinfo_*`.
    let getinfo: UnsafeMutableRawPointer

    /// The sonames tried, in order: Debian's OpenSSL build (package libcurl4), then its GnuTLS build (libcurl3-gnutls).
    static let sonames = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.4.dylib"]

    /// Why libcurl cannot be used.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The library, opened the first time.
    static func load() throws(Unavailable) -> CurlLibrary {
        guard let library = loaded else {
            throw Unavailable(
                description: "doctor needs libcurl, and none of \(sonames.joined(separator: ", ")) could be opened (Debian: apt-get install libcurl4)")
        }
        return library
    }

    private static let loaded: CurlLibrary? = {
        guard let handle = sonames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }
        guard let easyInit = symbol("curl_easy_init"), let easyCleanup = symbol("curl_easy_cleanup"), let easyPerform = symbol("curl_easy_perform"),
            let easyStrerror = symbol("curl_easy_strerror"), let slistAppend = symbol("curl_slist_append"),
            let slistFreeAll = symbol("curl_slist_free_all"), let setopt = symbol("curl_easy_setopt"), let getinfo = symbol("curl_easy_getinfo")
        else { return nil }
        return CurlLibrary(
            easyInit: unsafeBitCast(easyInit, to: (@convention(c) () -> UnsafeMutableRawPointer?).self),
            easyCleanup: unsafeBitCast(easyCleanup, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            easyPerform: unsafeBitCast(easyPerform, to: (@convention(c) (UnsafeMutableRawPointer?) -> CURLcode).self),
            easyStrerror: unsafeBitCast(easyStrerror, to: (@convention(c) (CURLcode) -> UnsafePointer<CChar>?).self),
            slistAppend: unsafeBitCast(slistAppend, to: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
            slistFreeAll: unsafeBitCast(slistFreeAll, to: (@convention(c) (OpaquePointer?) -> Void).self),
            setopt: setopt, getinfo: getinfo)
    }()
}
