import Testing

extension Trait where Self == TimeLimitTrait {
    /// The bound of a test that could hang (a server that never answers, a log line that never comes): an hour, a
    /// bound for a hang and not a measure. swift-testing starts every test at once and a test's clock runs while it
    /// waits for a thread of the cooperative pool, so under `make tsan` on a 2-core machine whose other core is busy a
    /// test that takes a second alone can end as late as the whole run (12 minutes and more).
    static var hangLimit: Self { .timeLimit(.minutes(60)) }
}
