import Synchronization

/// One connection libmicrohttpd holds: its socket, its client, and how far its current request has come.
final class OpenConnection: Sendable {
    /// The connection's socket, owned by libmicrohttpd.
    let descriptor: Int32
    /// The client's numeric address, such as `127.0.0.1`; empty if libmicrohttpd could not tell.
    let remoteAddress: String
    /// The client's network, counted against the per-prefix connection limit; nil if libmicrohttpd could not tell.
    let prefix: AddressPrefix?
    /// When the connection's next request head began to be due (monotonic nanoseconds): when it was accepted, then
    /// when its last request was over. The TLS handshake and the head (request line and headers) must be in by
    /// this time plus the head timeout (`HeadDeadline`), however the bytes trickle in.
    let headDueSince: Atomic<Int>
    /// Set when a request's request line has been read, cleared when that request is over: the client is sending it.
    let isReceiving = Atomic<Bool>(false)
    /// Set when a request's headers have been read (its body may still be on its way), cleared when it is over.
    let isBusy = Atomic<Bool>(false)
    /// Set once a request on it is over: from then on, with no request under way, it is an idle keep-alive connection
    /// (before that, a client that has only just connected is about to send its first request).
    let hasCompletedRequest = Atomic<Bool>(false)
    /// Whether its reading side was shut already (by a drain, the head deadline or the prefix limit); done once.
    let isReadShut = Atomic<Bool>(false)
    /// Whether libmicrohttpd's TCP_CORK on its socket was seen to for corked TLS answers, once a connection
    /// (`ServerCore.flushCorkedAnswer(on:)`); used by its worker only.
    let isCorkSeenTo = Atomic<Bool>(false)
    /// Bytes of send buffer the answers corked on it may still take without a new measure: the room last measured
    /// less what each corked answer since may take; 0 when unknown (`Exchange.corkForOneRecord`). Its worker's only.
    let sendRoom = Atomic<Int>(0)

    /// The context of the connection's last request, once it is over, for the next one to reuse. Only the
    /// connection's worker touches it, from libmicrohttpd's request-line and completed callbacks, which it calls for
    /// one connection from one thread.
    nonisolated(unsafe) var spareRequest: RequestContext?

    init(descriptor: Int32, remoteAddress: String, prefix: AddressPrefix? = nil, acceptedAt: Int = 0) {
        self.descriptor = descriptor
        self.remoteAddress = remoteAddress
        self.prefix = prefix
        self.headDueSince = Atomic(acceptedAt)
    }

    /// Whether no request is under way on it and its client has had one answered: it waits for a next one that may
    /// never come.
    var isIdle: Bool {
        !isBusy.load(ordering: .acquiring) && !isReceiving.load(ordering: .acquiring) && hasCompletedRequest.load(ordering: .acquiring)
    }
}
