extension HTTPServer.Configuration {
    /// Every problem with this configuration, empty when it is usable.
    package var problems: [String] {
        var problems: [String] = []
        if SocketAddress(host: host, port: 0) == nil {
            problems.append("host '\(host)' is not an IPv4 or IPv6 address literal")
        }
        func require(_ name: String, _ value: Int, in range: ClosedRange<Int>) {
            if !range.contains(value) {
                problems.append("\(name) \(value) is outside \(range.lowerBound)...\(range.upperBound)")
            }
        }
        let unsignedMaximum = Int(UInt32.max)
        require("port", port, in: 0...65535)
        require("threadPoolSize", threadPoolSize, in: 1...1024)
        require("connectionLimit", connectionLimit, in: 1...unsignedMaximum)
        require("perIPConnectionLimit", perIPConnectionLimit, in: 0...unsignedMaximum)
        require("perPrefixConnectionLimit", perPrefixConnectionLimit, in: 0...unsignedMaximum)
        require("connectionTimeout", connectionTimeout, in: 0...unsignedMaximum)
        require("requestHeadTimeout", requestHeadTimeout, in: 0...86_400)
        require("connectionMemoryLimit", connectionMemoryLimit, in: 4096...(64 * 1024 * 1024))
        require("maximumBodySize", maximumBodySize, in: 0...Int(Int32.max))
        require("listenBacklog", listenBacklog, in: 1...65535)
        require("bufferLimit", bufferLimit, in: max(0, maximumBodySize)...Int(Int32.max))
        if let tls {
            if tls.certificatePEM.isEmpty { problems.append("TLS certificate PEM is empty") }
            if tls.keyPEM.isEmpty { problems.append("TLS key PEM is empty") }
            problems += tlsPolicy.problems
        } else if tlsPolicy.strictTransportSecurity != nil {
            problems.append("Strict-Transport-Security needs TLS: browsers ignore it over plain HTTP")
        }
        return problems
    }
}

extension HTTPServer.TLSPolicy {
    /// Why GnuTLS would refuse ``priorities``, as a predicate (`is refused by GnuTLS at '+NOPE': The request is
    /// invalid.`); nil when it accepts them.
    package var prioritiesRefusal: String? {
        GnuTLSPriorities.refusal(of: priorities)
    }

    /// Every problem with this policy (priorities GnuTLS refuses, an HSTS max-age out of range), empty when usable.
    package var problems: [String] {
        var problems: [String] = []
        if let prioritiesRefusal { problems.append("TLS priority string '\(priorities)' \(prioritiesRefusal)") }
        if let maxAge = strictTransportSecurity?.maxAge, !(0...Int(Int32.max)).contains(maxAge) {
            problems.append("Strict-Transport-Security max-age \(maxAge) is outside 0...\(Int32.max)")
        }
        return problems
    }
}
