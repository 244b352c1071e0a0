import Dispatch
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

    /// Waits for the next of the signals until `deadline` (in `DispatchTime.now().uptimeNanoseconds`); nil when none
    /// came by then.
    func next(before deadline: UInt64) -> Int32? {
        var set = self.set
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return nil }
            let left = deadline - now
            var timeout = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
            let signal = sigtimedwait(&set, nil, &timeout)
            if signal > 0 { return signal }
            if errno != EINTR { return nil }
        }
    }

    /// The signal's name, as `kill -l` gives it with the `SIG` prefix: `SIGTERM`.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}
