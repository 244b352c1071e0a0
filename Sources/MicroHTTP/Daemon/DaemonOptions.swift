import CMicroHTTPD

/// The flags and .ARRAY items a ``RunningDaemon`` starts with.
enum DaemonOptions {
    /// Poll-based internal threads (never epoll: it stalls at 128+ busy connections in 0.9.75), error
    /// logging (routed to the logger), and an inter-thread channel so the daemon can be quiesced.
    static func flags(_ configuration: HTTPServer.Configuration, address: SocketAddress) -> DaemonFlags {
        var flags: DaemonFlags = [.pollInternalThread, .errorLog, .interThreadChannel]
        if configuration.tls != nil { flags.insert(.tls) }
        if case .ipv6 = address { flags.insert(.ipv6) }
        return flags
    }

    /// Every limit set explicitly, the listening socket, and the TLS PEM strings and priorities when given.
    ///
    /// `tlsStrings` are the certificate, the key and the GnuTLS priority string, as C strings that outlive the
    /// daemon (libmicrohttpd reads the priorities only while starting).
    /// .LISTENING_ADDRESS_REUSE is deliberately absent (see ``ListeningSocket``).
    static func items(
        _ configuration: HTTPServer.Configuration,
        listenDescriptor: Int32,
        tlsStrings: [UnsafeMutablePointer<CChar>]
    ) -> [MHD_OptionItem] {
        var items = [
            item(.LISTEN_SOCKET, Int(listenDescriptor)),
            item(.CONNECTION_LIMIT, configuration.connectionLimit),
            item(.PER_IP_CONNECTION_LIMIT, configuration.perIPConnectionLimit),
            item(.CONNECTION_TIMEOUT, configuration.connectionTimeout),
            item(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
        ]
        if configuration.threadPoolSize > 1 {
            items.append(item(.THREAD_POOL_SIZE, configuration.threadPoolSize))
        }
        if tlsStrings.count == 3 {
            items.append(MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: tlsStrings[0]))
            items.append(MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: tlsStrings[1]))
            items.append(MHD_OptionItem(option: .HTTPS_PRIORITIES, value: 0, ptr_value: tlsStrings[2]))
        }
        items.append(item(.END, 0))
        return items
    }

    private static func item(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
        MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }
}
