import Testing

extension Trait where Self == TimeLimitTrait {
    /// The bound of a test that could hang (a server that never answers, a log line that never comes): ten minutes,
    /// a bound for a hang and not a measure. Under `make tsan`, on a 2-core machine whose other core is busy, a test
    /// that takes a second alone waits minutes for a core while the suite's other tests run.
    static var hangLimit: Self { .timeLimit(.minutes(10)) }
}
