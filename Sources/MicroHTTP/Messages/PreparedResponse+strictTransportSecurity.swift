import ServerPlatform

extension PreparedResponse {
    /// This response with `Strict-Transport-Security: value`, itself shared: made on the first request that needs it
    /// and kept, so a server sending HSTS still queues a prepared response without building one per request. Returns
    /// `self` when the response has that header already, and nil if libmicrohttpd refuses the header.
    func withStrictTransportSecurity(_ value: String) -> PreparedResponse? {
        let name = "Strict-Transport-Security"
        guard response.headers.values(for: name).isEmpty else { return self }
        return secureVariant.withLock { variant in
            if let variant, variant.response.headers.values(for: name) == [value] { return variant }
            var secure = response
            secure.headers.add(name: name, value: value)
            variant = try? PreparedResponse(secure)
            return variant
        }
    }
}
