import Foundation
import Testing

@testable import DeepLinkServer

@Suite("In-app browsers recognised by their User-Agent")
struct BrowserClassTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
    static let android =
        "Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36"

    /// A sample of each known in-app browser's User-Agent, with the name and platform it must be classed as.
    static let inApp: [(userAgent: String, name: String, platform: BrowserClass.Platform)] = [
        (iPhone + " Instagram 305.0.0.24.109 (iPhone14,5; iOS 17_0; en_US; en; scale=3.00; 1170x2532; 532277111)", "Instagram", .iOS),
        (
            "Mozilla/5.0 (Linux; Android 15; Pixel 7 Build/AP3A.241005.015; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 "
                + "Chrome/130.0.6723.107 Mobile Safari/537.36 Instagram 404.0.0.48.76 Android (35/15; 420dpi; 1080x2400; Google/google; Pixel 7; en_US)",
            "Instagram", .android
        ),
        (iPhone + " [FBAN/FBIOS;FBAV/441.0.0.23.105;FBBV/540000000;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1;FBLC/en_US]", "Facebook", .iOS),
        (android + " [FB_IAB/FB4A;FBAV/442.0.0.35.110;]", "Facebook", .android),
        (iPhone + " [FBAN/MessengerForiOS;FBAV/435.0.0.41.109;FBBV/520000000;FBDV/iPhone15,2]", "Messenger", .iOS),
        (android + " [FB_IAB/Orca-Android;FBAV/440.0.0.30.109;]", "Messenger", .android),
        (iPhone + " musical_ly_32.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US", "TikTok", .iOS),
        (android + " trill_320503 BytedanceWebview/d8a21c6", "TikTok", .android),
        (iPhone + " Safari Line/13.1.0", "LINE", .iOS),
        (iPhone + " Snapchat/12.51.0.36 (like Safari/8617.2.4.10.8, panda)", "Snapchat", .iOS),
        (iPhone + " Twitter for iPhone/10.13", "X", .iOS),
        (android + " TwitterAndroid", "X", .android),
        (iPhone + " [LinkedInApp]/9.29.6", "LinkedIn", .iOS),
        (iPhone + " MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/en", "WeChat", .iOS),
        (iPhone + " [Pinterest/iOS]", "Pinterest", .iOS),
        (android + " KAKAOTALK 10.4.5", "KakaoTalk", .android),
        (
            "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 305.0.0.24.109 (iPad13,4)",
            "Instagram", .iOS
        ),
    ]

    @Test("each known in-app browser is classed by name and platform", arguments: inApp.indices)
    func knownInApp(index: Int) throws {
        let sample = Self.inApp[index]
        let inApp = try #require(BrowserClass(userAgent: sample.userAgent).inApp, "\(sample.userAgent)")
        #expect(inApp.browser.name == sample.name)
        #expect(inApp.platform == sample.platform)
    }

    @Test(
        "ordinary browsers are ordinary on their phone's system; in-app browsers off the phone and requests without a User-Agent on none",
        arguments: [
            (Self.iPhone.replacingOccurrences(of: "Mobile/15E148", with: "Version/17.0 Mobile/15E148 Safari/604.1"), BrowserClass.Platform.iOS),
            (Self.android.replacingOccurrences(of: "; wv", with: "").replacingOccurrences(of: "Version/4.0 ", with: ""), .android),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 [FBAN/EMA;FBAV/1.0]", nil),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Instagram 305.0.0.24.109", nil),
            ("curl/8.5.0", nil), ("", nil), ("instagram android iphone", nil),
        ] as [(String, BrowserClass.Platform?)])
    func ordinary(userAgent: String, platform: BrowserClass.Platform?) {
        #expect(BrowserClass(userAgent: userAgent) == platform.map(BrowserClass.ordinary(on:)) ?? .ordinary)
        #expect(BrowserClass(userAgent: userAgent).platform == platform)
        #expect(BrowserClass(userAgent: userAgent).inApp == nil)
    }

    @Test("no User-Agent is an ordinary browser")
    func missing() {
        #expect(BrowserClass(userAgent: nil) == .ordinary)
    }

    @Test("every class of every known browser on either platform is distinct and names its browser back")
    func distinctClasses() throws {
        var seen: Set<BrowserClass> = [.ordinary, .ordinary(on: .iOS), .ordinary(on: .android)]
        for browser in InAppBrowser.known {
            for (prefix, platform) in [(Self.iPhone, BrowserClass.Platform.iOS), (Self.android, .android)] {
                // The first token is iOS's, the last Android's where they differ (`Twitter for iPhone` says iPhone itself).
                let token = try #require(platform == .iOS ? browser.tokens.first : browser.tokens.last)
                let browserClass = BrowserClass(userAgent: prefix + " " + token.description + "1.0")
                #expect(browserClass.inApp?.browser == browser && browserClass.inApp?.platform == platform, "\(browser.name)")
                #expect(browserClass.platform == platform, "\(browser.name)")
                #expect(seen.insert(browserClass).inserted, "\(browser.name)")
            }
        }
        #expect(seen.count == 3 + 2 * InAppBrowser.known.count)
    }
}
