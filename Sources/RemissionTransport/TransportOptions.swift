/// How a `CurlTransport` connects. Defaults are documented in place.
public struct TransportOptions: Sendable, Equatable {
    /// Whole-exchange limit in seconds (connect, TLS, request, response). Default 30 s.
    public var timeoutSeconds: Double
    /// Limit for TCP connect plus TLS handshake, in seconds. Default 10 s, capped at `timeoutSeconds`.
    public var connectTimeoutSeconds: Double
    /// Proxy URL (`http://proxy:3128`); nil lets libcurl read `http_proxy`, `https_proxy` and `no_proxy`.
    public var proxy: String?
    /// Sent as `User-Agent`.
    public var userAgent: String
    /// Environment used for `SSL_CERT_FILE` and `SSL_CERT_DIR`.
    public var environment: [String: String]
    /// Largest response body accepted, in bytes. Default 512 MiB.
    public var maximumResponseBytes: Int

    public init(
        timeoutSeconds: Double = 30, connectTimeoutSeconds: Double = 10, proxy: String? = nil,
        userAgent: String = "remission", environment: [String: String] = [:], maximumResponseBytes: Int = 512 << 20
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.proxy = proxy
        self.userAgent = userAgent
        self.environment = environment
        self.maximumResponseBytes = maximumResponseBytes
    }
}
