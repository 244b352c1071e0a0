/// One value for each worker thread, so that workers never contend for one: a cache, a metrics shard, a log lane.
///
/// A request carries the number of the worker thread answering it (`HTTPRequest.worker`); the workers beyond the
/// count made share the values, worker `n` taking the value `n` modulo the count.
struct PerWorker<Value: Sendable>: Sendable {
    private let values: [Value]

    /// `workers` values (at least one), each made by `make`.
    init(workers: Int, _ make: () -> Value) {
        values = (0..<max(1, workers)).map { _ in make() }
    }

    /// The value of the worker thread numbered `worker`.
    subscript(worker: Int) -> Value {
        values[worker % values.count]
    }

    /// Every value, in worker order.
    var all: [Value] { values }
}
