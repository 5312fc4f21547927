import RemissionModel
import RemissionRPC
import RemissionTransport

// connect host:port: finding https by itself (issue 36).

extension Onboarding {
    /// What an onboarding was made from, kept to make it again for another URL.
    struct Request {
        var url: String
        var name: String?
        var overrides: TrustOverrides
        var clientCertificate: ClientCertificatePaths?
        var proxy: ProxyFlags?
        var route: RouteFlags?
    }

    /// `connect host:port` guessed http (`ServerEndpoint.parseBare`: every port but 443). Before
    /// anything is asked or any credential read, the port is asked what it speaks:
    ///
    /// 1. One plain-HTTP request without credentials or headers (the check's session-get, no
    ///    `Authorization`, no gateway header). A port that answers in HTTP speaks HTTP (Transmission's
    ///    409 or 401, a proxy's 404…), unless the answer is a TLS port's own: nginx's and Go's (Caddy,
    ///    Traefik) 400 "plain HTTP request to an HTTPS port", or a TLS record.
    /// 2. Only when it closed without a word: a TLS handshake alone (a ClientHello, as `trust show`).
    ///
    /// Why a plain request first, not a ClientHello: a plain-HTTP server that waits for a request's
    /// blank line (a small Python or Apache one) holds a ClientHello until its timeout, whereas any TLS
    /// server refuses a plain request at once. Either way no credential is sent before the scheme is
    /// decided, and the password goes in clear only to a port that answered in plain HTTP (and, off
    /// loopback, only after the plain-HTTP question). A TLS port makes this value again for
    /// `https://host:port/path`, so trust, the proxy choice and the saved identity are https's; a port
    /// that tells nothing (offline) keeps the guess, and the check that follows says why.
    public mutating func findScheme() throws(Failure) {
        guard schemeAssumed, endpoint.scheme == .http, schemeFound == nil else { return }
        let plain = ConnectionCheck(target: probeTarget, options: context.transportOptions, logger: context.logger)
            .run(now: now)
        var secure = endpoint
        secure.scheme = .https
        var candidate: Onboarding?
        var finding = SchemeFinding(plainAnswer: plain.outcome)
        if finding == nil {
            candidate = try remade(secure)
            finding = candidate.map { SchemeFinding(probing: $0.probeTarget, options: context.transportOptions) }
        }
        guard finding == .tls else {
            schemeFound = finding ?? .unknown
            return
        }
        var found: Onboarding
        if let candidate { found = candidate } else { found = try remade(secure) }
        found.schemeAssumed = true
        found.schemeFound = .tls
        self = found
    }

    /// This onboarding made again for `endpoint`, with the same arguments.
    private func remade(_ endpoint: ServerEndpoint) throws(Failure) -> Onboarding {
        try Onboarding(
            context: context, url: endpoint.url, name: request.name ?? name, overrides: request.overrides, auth: auth,
            clientCertificate: request.clientCertificate, proxy: request.proxy, route: request.route,
            headers: headerFlags, now: now)
    }

    /// The target the probes of this run connect to: no credentials, no headers.
    var probeTarget: ServerTarget {
        var target = ServerTarget(
            label: name, endpoint: endpoint, trust: trust, credentials: nil, passwordSource: .none)
        (target.route, target.proxySource) = route
        target.tlsName = options.tlsName
        return target
    }
}

/// What a port that `connect host:port` guessed as plain HTTP turned out to speak.
public enum SchemeFinding: Sendable, Equatable {
    /// TLS: it refused a plain request as a TLS port does, or answered a handshake with a chain or an alert.
    case tls
    /// Plain HTTP: it answered a plain request in HTTP, or a ClientHello in HTTP.
    case plainHTTP
    /// Nothing that tells: no connection, no answer in time.
    case unknown

    /// What the answer to a plain request without credentials says; nil when the connection closed
    /// without a word (a TLS server that drops a plain request does that), for a handshake to tell. Pure.
    public init?(plainAnswer outcome: Result<ServerInfo, Failure>) {
        guard case .failure(let failure) = outcome else {
            self = .plainHTTP  // an RPC answer without credentials: plain HTTP, authentication off
            return
        }
        if case .tlsPort? = KnownCause.of(failure, now: 0) {
            self = .tls
            return
        }
        switch failure.cause {
        case .transport(.connection): return nil
        case .transport: self = .unknown
        default: self = .plainHTTP  // an HTTP answer: 409, 401, 403, 404, a gateway's page…
        }
    }

    /// Connects to `target` (an https endpoint) and completes or fails the handshake; no request.
    init(probing target: ServerTarget, options: TransportOptions) {
        do { self = try probeServer(target, options: options).tls == nil ? .unknown : .tls } catch {
            self = Self(handshake: error)
        }
    }

    /// What a failed handshake says. Pure.
    public init(handshake error: TransportError) {
        switch error {
        case .trustRefused, .clientCertificateRefused: self = .tls
        case .tlsHandshake(let detail):
            switch KnownCause.ofHandshake(detail) {
            case .plainHTTPPort?: self = .plainHTTP
            case .noCertificateForName?: self = .tls
            default: self = detail.lowercased().contains("alert") ? .tls : .unknown
            }
        case .dns, .refused, .unreachable, .timeout, .proxy, .route, .connection, .responseTooLarge, .caFile, .other:
            self = .unknown
        }
    }
}
