/// URL strings where readers of URLs disagree, around the ExpresScan table's domain, scheme and shapes: every
/// combination of a scheme, a separator, an authority and a path from lists of the tricky cases of each part (user
/// info and `@`, backslashes, ports, IP literals, percent-encoded delimiters, tabs, newlines and spaces, IDN and
/// confusable characters, dot segments, bad escapes, non-ASCII), in a fixed order; `all` takes every `stride`-th.
enum HostileURLs {
    static let domain = "links.example.com"
    static let token = "abcdefghijklmnop_-12"

    static let schemes = ["https", "HTTPS", "expchg", "EXPCHG", "http"]

    static let separators = ["://", ":/", ":", ":///", ":\\\\", ":/\\", "://\\", ":\\/"]

    static let authorities = [
        domain, "LINKS.Example.COM", "user@\(domain)", "user:pass@\(domain)", "evil.com@\(domain)", "\(domain)@evil.com",
        "evil.com\\@\(domain)", "\\evil.com\\@\(domain)", "evil.com\\\\@\(domain)", "evil.com%5C@\(domain)", "evil.com%5c@\(domain)",
        "evil.com%2F@\(domain)", "evil.com%40\(domain)", "evil.com#@\(domain)", "evil.com?@\(domain)", "evil.com/@\(domain)",
        "\(domain)#@evil.com", "\(domain):443@evil.com", "evil.com:@\(domain)", "ev il.com@\(domain)", "evil%zz@\(domain)",
        "\(domain):443", "\(domain):0443", "\(domain):65536", "\(domain):", "\(domain):-1", "\(domain).", "links%2Eexample.com",
        "%6Cinks.example.com", "\(domain)%00", "links.exam\tple.com", "\(domain)\n", " \(domain)", "lin\u{212A}s.example.com",
        "\u{FF4C}inks.example.com", "links\u{3002}example.com", "l\u{0131}nks.example.com", "xn--links-example.com", "[::1]", "127.0.0.1",
        "", "@", ":443", "c", "C", "u", "m", "auth", "user@c", "c:80", ".", "%2e", "c%2F1", "c\\", "evil.com\\@c",
    ]

    static let paths = [
        "/c/1", "/c/CH-42", "/c/1/", "//c//1", "/c/1?x=1", "/c/1#frag", "/c/1#frag#more", "/c/%31", "/%63/1", "/C/1", "/c/1/2", "/c/..",
        "/x/../c/1", "/./c/1", "/c/%2e%2e", "/c\\1", "\\c\\1", "/c/1\\", "/c/1%5C", "/c/1%5c", "/c/1%2F2", "/c/1%00", "/c/1%09", "/c/1\t",
        "/c/1\n", "/c/1 2", "/c/1%202", "/c/é", "/c/%C3%A9", "/c/%FF", "/c/%", "/c/1%", "/c/%zz", "/c/1%2", "/c/1;x", "/c/1|",
        "/c/{1}", "/c/\"1\"", "/c/<1>", "/c/1^", "/c/`1`", "/c/[1]", "/c/\u{202E}1", "/c/\u{00A0}1", "/c/😀", "/m/\(token)",
        "/m/\(token) ", "/m/\(token)%20", "/u/abcd", "/u/ab cd", "/u/ab%cd", "/u/ab%zzcd", "/auth/callback?code=x",
        "/auth/callback?code=a\\b", "/auth/callback?code=a b", "/auth/callback?code=%zz", "/auth/callback?code=%", "/auth/callback?code=%25",
        "/auth/callback?code=%2525", "/auth/callback?code=é", "/auth/callback?code=x&code=y", "/auth/callback?code", "/auth%2Fcallback?code=x",
        "", "?c/1", "#/c/1",
    ]

    /// Every `stride`-th combination, without repeats.
    static func all(stride: Int) -> [String] {
        var seen: Set<String> = []
        var urls: [String] = []
        var index = 0
        for scheme in schemes {
            for separator in separators {
                for authority in authorities {
                    for path in paths {
                        defer { index += 1 }
                        guard index % stride == 0 else { continue }
                        let url = scheme + separator + authority + path
                        if seen.insert(url).inserted { urls.append(url) }
                    }
                }
            }
        }
        return urls
    }
}
