import RemissionModel
import RemissionTrust

/// How `SocketTransport` connects. Defaults are documented in place.
public struct TransportOptions: Sendable, Equatable {
    /// Whole-exchange limit in seconds (connect, TLS, request, response). Default 15 s (the
    /// command line's `--timeout` default, which bounds a whole command).
    public var timeoutSeconds: Double
    /// Limit for TCP connect plus TLS handshake, in seconds. Default 10 s, capped at `timeoutSeconds`.
    public var connectTimeoutSeconds: Double
    /// The way to the daemon: direct TCP, a proxy with its own trust, ssh or a unix socket. The
    /// transport never reads the environment itself: the session resolves `https_proxy`, `all_proxy`
    /// and `no_proxy` into this. Default `.direct`.
    public var route: Route
    /// Sent as `User-Agent`.
    public var userAgent: String
    /// Environment used for `SSL_CERT_FILE` and `SSL_CERT_DIR`.
    public var environment: [String: String]
    /// Largest response body accepted, in bytes: refused from its Content-Length before any of it
    /// is read, or as soon as a body without one grows past it. Default `defaultMaximumResponseBytes`.
    public var maximumResponseBytes: Int
    /// Verify the chain with every presented certificate after the leaf as the only anchor, pinned or
    /// not (`PresentedChain.anchorVerifications`): for first contact and `trust show`, which say
    /// which CA key could be pinned. Costs a verification per certificate; off for other requests.
    public var examinesEveryPresentedAnchor = false
    /// The name the certificate must cover, the SNI sent and the request's Host, instead of the URL's
    /// host (`--tls-name`, as `curl --resolve NAME:PORT:ADDRESS`): the connection still goes to the
    /// URL's address. Nil: the URL's host.
    public var tlsName: String?

    /// 128 MiB. Real replies are far smaller: `torrent-get` of 10,000 torrents is 1–3 MB (100,000:
    /// 15–30 MB); `info --files` of a torrent with 100,000 files ~20 MB (~200 bytes of `files`,
    /// `fileStats`, `priorities` and `wanted` per file; ~35 MB with long paths). So 4× the largest
    /// reply we can make fits, and a hostile reply's peak memory (under the parse budget, ~8× a
    /// reply) stays around 1 GB.
    public static let defaultMaximumResponseBytes = 128 << 20

    public init(
        timeoutSeconds: Double = 15, connectTimeoutSeconds: Double = 10, route: Route = .direct,
        userAgent: String = "remission", environment: [String: String] = [:],
        maximumResponseBytes: Int = defaultMaximumResponseBytes
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.route = route
        self.userAgent = userAgent
        self.environment = environment
        self.maximumResponseBytes = maximumResponseBytes
    }
}

/// A proxy and, for an `https://` proxy, the rule its own certificate is judged by: its pins or CA
/// file, else the system CAs. Never the server's pins or accepted certificate.
public struct ProxySettings: Sendable, Equatable {
    public var endpoint: ProxyEndpoint
    public var trust: ServerTrust

    public init(endpoint: ProxyEndpoint, trust: ServerTrust = .none) {
        self.endpoint = endpoint
        self.trust = trust
    }
}

extension ServerEndpoint {
    /// Whether answers are asked for gzip-compressed. Not from a daemon on loopback over plain HTTP:
    /// there it only costs CPU (the daemon took 136 ms instead of 70 ms to send 10,000 torrents
    /// compressed). Everywhere else, for the bandwidth, and because a TLS proxy on loopback (nginx
    /// with `proxy_buffering off`) stalled on uncompressed answers: 48 ms for 200 torrents, 6 ms
    /// compressed.
    var asksForGzip: Bool { !(isLoopback && scheme == .http) }
}

/// A limit in seconds as whole milliseconds, at least 1 (what the transports' timeouts take).
func milliseconds(_ seconds: Double) -> Int {
    max(1, Int((seconds * 1000).rounded()))
}
