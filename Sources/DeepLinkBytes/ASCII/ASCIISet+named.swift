extension ASCIISet {
    /// `0-9`.
    package static let digits = ASCIISet(0x30...0x39)
    /// `A-Z` and `a-z`.
    package static let letters = ASCIISet(0x41...0x5A).union(ASCIISet(0x61...0x7A))
    /// `A-Z`, `a-z` and `0-9`.
    package static let alphanumerics = letters.union(digits)
    /// `0-9`, `A-F` and `a-f`.
    package static let hexDigits = digits.union(ASCIISet("ABCDEFabcdef"))
    /// RFC 3986's unreserved set, what a percent-encoded value keeps as it is: `A-Z a-z 0-9 - . _ ~`.
    package static let unreserved = alphanumerics.union(ASCIISet("-._~"))
    /// What a URL path carries unencoded (RFC 3986 `pchar` less `%`): unreserved, sub-delims, `:` and `@`.
    package static let pathSafe = unreserved.union(ASCIISet("!$&'()*+,;=:@"))
    /// `tchar` of RFC 9110 §5.6.2, the bytes of a method or header field name: letters, digits and ``!#$%&'*+-.^_`|~``.
    package static let token = alphanumerics.union(ASCIISet("!#$%&'*+-.^_`|~"))
    /// The control characters: 0x00 through 0x1F and DEL (0x7F).
    package static let controls = ASCIISet(0x00...0x1F).union(ASCIISet("\u{7F}"))
    /// What no URL or request target may hold as it is: the control characters and space.
    package static let controlsAndSpace = controls.union(ASCIISet(" "))
    /// What a JSON string escapes (RFC 8259 §7): control characters, `"` and `\`.
    package static let jsonEscaped = ASCIISet(0x00...0x1F).union(ASCIISet("\"\\"))
    /// What HTML text and attribute values escape: `"`, `&`, `'`, `<` and `>`.
    package static let htmlEscaped = ASCIISet("\"&'<>")
}
