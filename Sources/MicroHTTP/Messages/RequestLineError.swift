/// Why a request line gets 400.
struct RequestLineError: Error, Equatable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
