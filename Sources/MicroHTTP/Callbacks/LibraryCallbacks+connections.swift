import CBatchedAnswers
import CMicroHTTPD
import ServerPlatform

extension LibraryCallbacks {
    /// The accept policy (`MHD_start_daemon`'s `apc`): refuses a connection, before libmicrohttpd sets anything up
    /// for it, when its client's network already holds the per-prefix limit (``ServerCore/admits(_:)``).
    static let acceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
        guard let cls, let address, let prefix = AddressPrefix(address) else { return .YES }
        return Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().admits(prefix) ? .YES : .NO
    }

    /// MHD_OPTION_NOTIFY_CONNECTION: a connection was accepted or is being closed; keeps ``OpenConnections`` current
    /// (and the head deadline counting from now), and lets a new TLS connection resume its session (libmicrohttpd
    /// calls this before the handshake starts).
    static let connectionChanged: MHD_NotifyConnectionCallback = { cls, connection, socketContext, change in
        guard let cls, let connection, let socketContext else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        switch change {
        case .CONNECTION_NOTIFY_STARTED:
            core.enableSessionTickets(on: connection)
            guard let info = microhttp_get_connection_info(connection, .CONNECTION_INFO_CONNECTION_FD) else { return }
            let address = microhttp_get_connection_info(connection, .CONNECTION_INFO_CLIENT_ADDRESS)?.pointee.client_addr
            let open = OpenConnection(
                descriptor: info.pointee.connect_fd, remoteAddress: address.map { SocketAddress.numericHost($0) } ?? "",
                prefix: address.flatMap { AddressPrefix($0) }, acceptedAt: SystemClock.monotonicNanoseconds())
            // The answers to a pipelined batch leave together (batched_answers.c), plain or over TLS.
            microhttp_batching_adopt(open.descriptor)
            core.readRecordsWhole(on: connection)
            let fromItsNetwork = core.openConnections.opened(open)
            // Retained as the connection's socket context; released below when libmicrohttpd closes the connection.
            socketContext.pointee = Unmanaged.passRetained(open).toOpaque()
            // Two workers may each have admitted one more connection from a network at its limit at the same moment
            // (the accept policy counts, this adds): the one over the limit is closed before it is served.
            if core.perPrefixConnectionLimit > 0, fromItsNetwork > core.perPrefixConnectionLimit {
                core.openConnections.shutReading(open)
            }
        case .CONNECTION_NOTIFY_CLOSED:
            guard let context = socketContext.pointee else { return }
            let open = Unmanaged<OpenConnection>.fromOpaque(context)
            microhttp_batching_release(open.takeUnretainedValue().descriptor)
            core.openConnections.closed(open.takeUnretainedValue())
            // Balances the retain made when the connection started.
            open.release()
            socketContext.pointee = nil
        @unknown default:
            return
        }
    }
}
