/// An app whose links open in a browser of its own (a web view), which never opens a Universal Link or an App Link:
/// recognised by a token its User-Agent carries.
struct InAppBrowser: Sendable, Equatable {
    /// The app's name as a visitor knows it, shown on the page ("You are in Instagram's browser").
    let name: String
    /// What its User-Agent carries, compared byte for byte (case matters); any one of them names it.
    let tokens: [StaticString]

    static func == (left: InAppBrowser, right: InAppBrowser) -> Bool { left.name == right.name }

    /// The in-app browsers recognised, in the order they are tried: an app whose User-Agent also carries another's
    /// token comes first (Messenger's carries Facebook's `FBAN/`).
    ///
    /// Sources: the User-Agent strings these apps send, each token read off samples of them. Facebook and Messenger:
    /// `[FBAN/FBIOS;FBAV/…]` on iOS, `[FB_IAB/FB4A;FBAV/…]` and `[FB_IAB/Orca-Android;…]` on Android, and
    /// `FBAN/MessengerForiOS`. Instagram: `Instagram 305.0.0.24.109 (iPhone14,5; iOS 17_0; …)` and
    /// `Instagram 404.0.0.48.76 Android (35/15; …)`. TikTok: `musical_ly_…` on iOS and `BytedanceWebview/…` on Android
    /// (the app was musical.ly). LINE: `Line/13.1.0`. Snapchat: `Snapchat/12.51.0.36`. X: `Twitter for iPhone` and
    /// `TwitterAndroid`. LinkedIn: `[LinkedInApp]`. WeChat: `MicroMessenger/8.0.40`. Pinterest: `[Pinterest/iOS]` and
    /// `Pinterest for Android`. KakaoTalk: `KAKAOTALK 10.4.5`. A token is added here with a sample of the User-Agent it
    /// comes from, and `BrowserClassTests` classifies that sample.
    static let known: [InAppBrowser] = [
        InAppBrowser(name: "Messenger", tokens: ["FBAN/MessengerForiOS", "Orca-Android"]),
        InAppBrowser(name: "Instagram", tokens: ["Instagram "]),
        InAppBrowser(name: "Facebook", tokens: ["FBAN/", "FBAV/", "FB_IAB/"]),
        InAppBrowser(name: "TikTok", tokens: ["musical_ly", "BytedanceWebview", "TikTok"]),
        InAppBrowser(name: "LINE", tokens: ["Line/"]),
        InAppBrowser(name: "Snapchat", tokens: ["Snapchat"]),
        InAppBrowser(name: "X", tokens: ["Twitter for iPhone", "TwitterAndroid"]),
        InAppBrowser(name: "LinkedIn", tokens: ["LinkedInApp"]),
        InAppBrowser(name: "WeChat", tokens: ["MicroMessenger/"]),
        InAppBrowser(name: "Pinterest", tokens: ["Pinterest"]),
        InAppBrowser(name: "KakaoTalk", tokens: ["KAKAOTALK"]),
    ]
}
