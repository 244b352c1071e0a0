#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread, as the kernel knows it.
package enum CurrentThread {
    /// Names the calling thread (at most 15 bytes kept), so `top -H`, `ps -L` and `/proc/PID/task/*/comm` tell it
    /// apart: Foundation keeps a `Thread`'s name to itself on Linux, and `pthread_setname_np` is not imported (it needs
    /// `_GNU_SOURCE`), so the name is written where the kernel keeps it.
    package static func setName(_ name: String) {
        #if os(Linux)
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            let bytes = Array(name.utf8.prefix(15))
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        #endif
    }
}
