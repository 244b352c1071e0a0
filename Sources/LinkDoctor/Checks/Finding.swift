/// The result of one check: passed, or a problem in plain words with its fix.
package struct Finding: Sendable, Equatable, CustomStringConvertible {
    /// The check's short name (`tls`, `redirect`, `route charger`).
    package let check: String
    /// Whether the check passed.
    package let isPassed: Bool
    /// What was found.
    package let message: String
    /// What to do about it; nil when the check passed.
    package let fix: String?

    /// A passed check.
    static func ok(_ check: String, _ message: String) -> Finding {
        Finding(check: check, isPassed: true, message: message, fix: nil)
    }

    /// A failed check and its fix.
    static func fail(_ check: String, _ message: String, fix: String) -> Finding {
        Finding(check: check, isPassed: false, message: message, fix: fix)
    }

    /// `ok   CHECK: message` or `FAIL CHECK: message. Fix: fix`.
    package var description: String {
        isPassed ? "ok   \(check): \(message)" : "FAIL \(check): \(message). Fix: \(fix ?? "")"
    }
}
