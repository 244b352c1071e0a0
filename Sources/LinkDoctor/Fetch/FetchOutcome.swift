/// What one fetch of the AASA gave.
enum FetchOutcome: Sendable {
    /// An HTTP answer, whatever its status.
    case received(FetchedFile)
    /// No HTTP answer: the connection, TLS or the time limit failed.
    case failed(FetchFailure)
}
