import Glibc

extension HTTPServer {
    /// Where the server listens and every limit that protects it; each default is chosen on purpose.
    package struct Configuration: Sendable, Equatable {
        /// An IPv4 or IPv6 address literal to listen on; `0.0.0.0` (all IPv4) by default, `::` for all IPv6.
        package var host: String
        /// The TCP port; 8080 by default, 0 to let the system pick one (see ``HTTPServer/boundPort``).
        package var port: Int
        /// Worker threads, each polling its share of connections; defaults to the number of online CPUs.
        package var threadPoolSize: Int
        /// Most connections open at once; 1000 by default. At the limit new clients wait in the backlog.
        package var connectionLimit: Int
        /// Most connections from one client address; 64 by default, 0 for no limit (use 0 behind a proxy).
        package var perIPConnectionLimit: Int
        /// Most connections from one client network, an IPv4 /24 or an IPv6 /64 (an IPv4-mapped IPv6 address counts
        /// as its IPv4 address); 256 by default, 0 for no limit (use 0 behind a proxy). Past it a new connection is
        /// closed as soon as it is accepted.
        package var perPrefixConnectionLimit: Int
        /// Seconds a connection may stay silent before it is closed; 15 by default, 0 never closes.
        package var connectionTimeout: Int
        /// Seconds a client has for its TLS handshake and its request head (request line and headers) together,
        /// from the connection's accept, or from the end of its previous request on a keep-alive connection (so an
        /// idle keep-alive connection is closed after as long); 10 by default, 0 for no such deadline. Unlike
        /// ``connectionTimeout``, bytes that trickle in do not extend it.
        package var requestHeadTimeout: Int
        /// Bytes of memory per connection for the request line and headers; 16 KiB by default, which takes
        /// a request line and headers of about 15 KB together (a longer line gets 414, larger headers 431).
        /// libmicrohttpd clears the whole of it after every request, so it is also a cost per request.
        package var connectionMemoryLimit: Int
        /// Largest request body in bytes; 1 MiB by default. Larger bodies get 413 without being kept.
        package var maximumBodySize: Int
        /// Bytes of request bodies and one-off answers held for all connections together; 64 MiB by default. A request
        /// whose body, or an answer that, would take the total past it gets 503, so slow readers of large answers
        /// cannot make the server hold more. Must be at least ``maximumBodySize``.
        package var bufferLimit: Int
        /// Pending connections the kernel queues before accepting; 511 by default (capped by somaxconn).
        package var listenBacklog: Int
        /// Certificate and key to serve HTTPS with; nil (plain HTTP) by default.
        package var tls: TLSCredentials?
        /// Protocol versions, cipher suites, session resumption and HSTS for HTTPS; Mozilla's intermediate profile,
        /// resumption on and no HSTS by default.
        package var tlsPolicy: TLSPolicy

        /// Creates a configuration; every argument left out takes the default documented on its property.
        package init(
            host: String = "0.0.0.0",
            port: Int = 8080,
            threadPoolSize: Int = Configuration.onlineProcessorCount,
            connectionLimit: Int = 1000,
            perIPConnectionLimit: Int = 64,
            perPrefixConnectionLimit: Int = 256,
            connectionTimeout: Int = 15,
            requestHeadTimeout: Int = 10,
            connectionMemoryLimit: Int = 16 * 1024,
            maximumBodySize: Int = 1024 * 1024,
            bufferLimit: Int = 64 * 1024 * 1024,
            listenBacklog: Int = 511,
            tls: TLSCredentials? = nil,
            tlsPolicy: TLSPolicy = TLSPolicy()
        ) {
            self.host = host
            self.port = port
            self.threadPoolSize = threadPoolSize
            self.connectionLimit = connectionLimit
            self.perIPConnectionLimit = perIPConnectionLimit
            self.perPrefixConnectionLimit = perPrefixConnectionLimit
            self.connectionTimeout = connectionTimeout
            self.requestHeadTimeout = requestHeadTimeout
            self.connectionMemoryLimit = connectionMemoryLimit
            self.maximumBodySize = maximumBodySize
            self.bufferLimit = bufferLimit
            self.listenBacklog = listenBacklog
            self.tls = tls
            self.tlsPolicy = tlsPolicy
        }

        /// The number of online processors, at least 1.
        package static var onlineProcessorCount: Int {
            max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        }
    }

    /// A PEM certificate chain and its private key, for serving HTTPS.
    package struct TLSCredentials: Sendable, Equatable {
        /// The certificate (chain) in PEM form.
        package var certificatePEM: String
        /// The unencrypted private key in PEM form.
        package var keyPEM: String

        /// Creates credentials from PEM text.
        package init(certificatePEM: String, keyPEM: String) {
            self.certificatePEM = certificatePEM
            self.keyPEM = keyPEM
        }
    }
}
