import Glibc

/// Turns `errno` values into the lower-case messages MicroHTTP's errors quote.
enum SystemError {
    /// `strerror` text with its first letter lowered: "address already in use".
    static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        let text = String(cString: message)
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
