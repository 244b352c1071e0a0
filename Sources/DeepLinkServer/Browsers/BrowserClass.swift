/// The kind of browser a landing page is written for, from the request's `User-Agent`: an ordinary browser on iOS, on
/// Android or elsewhere (which decides the store buttons it shows), or a known in-app browser (`InAppBrowser.known`)
/// on iOS or on Android, whose page offers a way out of it. Landing pages
/// are cached by it as well as by target (`AnswerCache.Key`) and say `Vary: User-Agent`, so no cache serves one
/// class's page to another.
struct BrowserClass: Hashable, Sendable {
    /// The phone system of the browser, which decides the store button (the App Store on iOS, Google Play on Android)
    /// and an in-app browser's way out (`x-safari-https://` on iOS, an `intent://` link on Android).
    enum Platform: UInt8, Sendable {
        case iOS = 0
        case android = 1
    }

    /// 0 for an ordinary browser on neither iOS nor Android, 1 plus the platform for one on iOS or Android; else 3,
    /// plus twice the in-app browser's index in `InAppBrowser.known`, plus the platform.
    let code: UInt8

    /// The first code of an in-app browser.
    private static let firstInApp: UInt8 = 3

    /// Any browser on neither iOS nor Android (a desktop, no `User-Agent`), in-app or not (there is no app to open).
    static let ordinary = BrowserClass(code: 0)

    /// An ordinary browser on `platform` (Safari on an iPhone, Chrome on Android).
    static func ordinary(on platform: Platform) -> BrowserClass {
        BrowserClass(code: 1 + platform.rawValue)
    }

    private init(code: UInt8) {
        self.code = code
    }

    /// The class of a request whose `User-Agent` is `userAgent`.
    init(userAgent: String?) {
        guard var userAgent else {
            self = .ordinary
            return
        }
        self = userAgent.withUTF8 { bytes in
            let platform: Platform
            if Self.contains(bytes, "iPhone") || Self.contains(bytes, "iPad") || Self.contains(bytes, "iPod") {
                platform = .iOS
            } else if Self.contains(bytes, "Android") {
                platform = .android
            } else {
                return .ordinary
            }
            guard let index = InAppBrowser.known.firstIndex(where: { $0.tokens.contains { Self.contains(bytes, $0) } }) else {
                return .ordinary(on: platform)
            }
            return BrowserClass(code: Self.firstInApp + UInt8(2 * index) + platform.rawValue)
        }
    }

    /// The phone system the browser runs on; nil on any other.
    var platform: Platform? {
        guard code > 0 else { return nil }
        let rest = code < Self.firstInApp ? code - 1 : (code - Self.firstInApp) % 2
        return rest == 0 ? .iOS : .android
    }

    /// The in-app browser and its platform; nil for an ordinary browser.
    var inApp: (browser: InAppBrowser, platform: Platform)? {
        guard code >= Self.firstInApp, let platform else { return nil }
        return (InAppBrowser.known[Int(code - Self.firstInApp) / 2], platform)
    }

    /// Whether `bytes` holds `token`.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ token: StaticString) -> Bool {
        let count = token.utf8CodeUnitCount
        guard count > 0, bytes.count >= count else { return false }
        let first = token.utf8Start[0]
        var index = 0
        while index <= bytes.count - count {
            if bytes[index] == first {
                var matched = 1
                while matched < count, bytes[index + matched] == token.utf8Start[matched] { matched += 1 }
                if matched == count { return true }
            }
            index += 1
        }
        return false
    }
}
