import Foundation

@testable import EveryShape

/// URLs of every shape of the EveryShape table: each route from each pattern (aliases too), domain and scheme, and
/// the ways each is refused; then the same URLs bent (case, slashes, values, channels), for the differential test.
enum ShapeURLs {
    /// A URL of each route, and the link the generated code must parse it to.
    static let links: [(url: String, link: DeepLink)] = [
        ("https://links.example.com/", .home(ref: nil)),
        ("https://links.example.com/?ref=abc1", .home(ref: "abc1")),
        ("every://?ref=x", .home(ref: "x")),
        ("https://Go.Example.ORG/nothing", .none),
        ("every://nothing", .none),
        ("https://links.example.com/c/CH-1", .charger(id: "CH-1")),
        ("every-beta+dev.x://charger/A_1", .charger(id: "A_1")),
        ("https://links.example.com/legacy/stations/st-A_1.html", .charger(id: "A_1")),
        ("https://links.example.com/s/abc?page=12", .site(site: "abc", page: "12")),
        ("https://links.example.com/s/abc/p/12?self=q&in=x", .productDetail(site: "abc", match: "12", in: "x", self: "q")),
        ("every://people/ann", .person(self: "ann")),
        ("https://links.example.com/people/ann/posts/12", .personPost(self: "ann", match: "12")),
        ("https://links.example.com/~ann/12.post", .personPost(self: "ann", match: "12")),
        (
            "https://go.example.org/r/abc?2fa=123456&utm-source=&Type=%22%27%5C%20x&utm_campaign=spring",
            .return(default: "abc", _2fa: "123456", utmSource: "", Type: "\"'\\ x", utmCampaign: "spring")
        ),
        ("every-beta+dev.x://r/ab", .return(default: "ab", _2fa: nil, utmSource: nil, Type: nil, utmCampaign: nil)),
        ("https://links.example.com/auth/2fa/123456", ._2faCode(code: "123456")),
        ("every://docs", .docs),
        ("every-beta+dev.x://docs/a/b", .docs),
        ("https://links.example.com/files/x/raw/a.b", .file(name: "a.b")),
        ("https://links.example.com/caf%C3%A9/%22quoted%22/%60tick%60/line%0Abreak", .where),
    ]

    /// URLs no route takes, and the reason the table gives.
    static let refusals: [(url: String, reason: String)] = [
        ("https://links.example.com/r/ab", "channelNotAllowed"),
        ("every://r/ab", "channelNotAllowed"),
        ("every-beta+dev.x://nothing", "channelNotAllowed"),
        ("https://links.example.com/docs/a", "channelNotAllowed"),
        ("https://links.example.com/s/abc/p/12", "invalidParameter"),
        ("https://links.example.com/auth/2fa/12345", "invalidParameter"),
        ("https://links.example.com/people/ann/posts/x", "invalidParameter"),
        ("https://links.example.com/s", "noRoute"),
        ("https://evil.example/c/CH-1", "foreignHost"),
        ("expchg://c/CH-1", "unsupportedScheme"),
    ]

    /// Every URL above, then each bent in the ways a link goes wrong, without duplicates.
    static var all: [String] {
        let base = links.map(\.url) + refusals.map(\.url)
        var urls: [String] = []
        var seen: Set<String> = []
        for url in base {
            for variant in variants(of: url) where seen.insert(variant).inserted { urls.append(variant) }
        }
        return urls
    }

    private static func variants(of url: String) -> [String] {
        var result = [url, url.uppercased(), url + "/", url + "/extra", url + "#top", url + (url.contains("?") ? "&" : "?") + "in=zz"]
        result.append(url.replacingOccurrences(of: "https://links.example.com/", with: "every://"))
        result.append(url.replacingOccurrences(of: "https://links.example.com/", with: "https://go.example.org/"))
        result.append(url.replacingOccurrences(of: "every://", with: "every-beta+dev.x://"))
        result.append(url.replacingOccurrences(of: "https://", with: "http://"))
        result.append(url.replacingOccurrences(of: "/", with: "//"))
        result.append(url.replacingOccurrences(of: "123456", with: "1234567"))
        result.append(url.replacingOccurrences(of: "ann", with: "annannannannannannann"))
        result.append(url.replacingOccurrences(of: "abc", with: "ab%20c"))
        result.append(url.replacingOccurrences(of: "A_1", with: String(repeating: "A", count: 65)))
        return result
    }
}
