import CMicroHTTPD

/// The `MHD_USE_*` bits a daemon starts with, as a set: each a flag of libmicrohttpd's `MHD_FLAG` enum.
struct DaemonFlags: OptionSet {
    let rawValue: UInt32

    /// libmicrohttpd's own threads, each polling its connections with `poll` (never epoll: it stalls at 128 and
    /// more busy connections in 0.9.75).
    static let pollInternalThread = DaemonFlags(rawValue: MHD_USE_POLL_INTERNAL_THREAD.rawValue)
    /// libmicrohttpd's error messages, routed to the logger.
    static let errorLog = DaemonFlags(rawValue: MHD_USE_ERROR_LOG.rawValue)
    /// An inter-thread channel, so the daemon can be quiesced.
    static let interThreadChannel = DaemonFlags(rawValue: MHD_USE_ITC.rawValue)
    /// HTTPS, with the certificate and key given as options.
    static let tls = DaemonFlags(rawValue: MHD_USE_TLS.rawValue)
    /// An IPv6 listening socket.
    static let ipv6 = DaemonFlags(rawValue: MHD_USE_IPv6.rawValue)
}
