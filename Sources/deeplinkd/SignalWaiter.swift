import Glibc

/// Blocks the given signals in this thread (and so in every thread started after it, libmicrohttpd's workers
/// included) and waits for them synchronously with `sigwait`, so no signal handler ever runs.
struct SignalWaiter {
    private var set = sigset_t()

    /// Blocks `signals`; create it before starting any thread.
    init(_ signals: [Int32]) {
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Ignores `signals` in the whole process: for SIGPIPE, a log reader that has gone makes writes fail with `EPIPE`
    /// (the lines are dropped) instead of killing the server, as nginx does.
    static func ignore(_ signals: [Int32]) {
        for signal in signals { _ = Glibc.signal(signal, SIG_IGN) }
    }

    /// Waits for the next of the signals.
    func next() -> Int32 {
        var set = self.set
        var signal: Int32 = 0
        sigwait(&set, &signal)
        return signal
    }
}
