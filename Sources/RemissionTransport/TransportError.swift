import RemissionTrust

/// Why a request did not get an HTTP response, classified for diagnosis (PRODUCT.md §1 exit codes).
public enum TransportError: Error, Sendable, Equatable {
    /// The host name could not be resolved.
    case dns(host: String, detail: String)
    /// The TCP connection was refused (nothing listens on that port).
    case refused(detail: String)
    /// No route to the host, network unreachable, host down.
    case unreachable(detail: String)
    /// No answer in time; `phase` says where it stalled.
    case timeout(phase: TimeoutPhase, detail: String)
    /// Our trust policy refused the certificate chain inside the handshake; nothing was sent.
    case trustRefused(TrustDecision, chain: PresentedChain)
    /// The server asked for a client certificate and then refused the connection: `offered` says
    /// whether ours was sent; `alert` is the TLS alert it sent ("unknown CA"), if any.
    case clientCertificateRefused(offered: Bool, alert: String?)
    /// The proxy between us and the server failed; nothing reached the server.
    case proxy(ProxyFailure)
    /// The ssh channel or the unix socket gave no stream to the daemon (`RouteFailure`).
    case route(RouteFailure)
    /// The TLS handshake failed for another reason (protocol version, cipher, alert from the server).
    case tlsHandshake(detail: String)
    /// The connection broke or the server sent something that is not HTTP.
    case connection(detail: String)
    /// The response body is over `TransportOptions.maximumResponseBytes` (`announced`: its
    /// Content-Length, when it said so before any of the body was read). Not transient: the same
    /// request would get the same answer.
    case responseTooLarge(limit: Int, announced: Int?)
    /// The server's CA file could not be used; nothing was sent.
    case caFile(path: String, detail: String)
    /// Any other failure (OpenSSL could not allocate), with a code and message.
    case other(code: Int, detail: String)
}

extension TransportError {
    /// `connection`'s detail when a plain-HTTP request was answered with a TLS record (an alert, a
    /// handshake): the port speaks HTTPS.
    public static let tlsAnswerDetail = "the server answered with TLS, not HTTP"
}

extension TransportError: CustomStringConvertible {
    /// A short technical text for the `-v` log; people read the view layer's words.
    public var description: String {
        switch self {
        case .dns(let host, let detail): return "dns \(host): \(detail)"
        case .refused(let detail): return "refused: \(detail)"
        case .unreachable(let detail): return "unreachable: \(detail)"
        case .timeout(let phase, let detail): return "timeout (\(phase.rawValue)): \(detail)"
        case .trustRefused(let decision, _): return "trust refused: \(decision.isTrusted ? "trusted" : "refused")"
        case .clientCertificateRefused(let offered, let alert):
            return "client certificate \(offered ? "refused" : "required")" + (alert.map { " (alert: \($0))" } ?? "")
        case .proxy(let failure): return "proxy: \(failure)"
        case .route(let failure): return failure.description
        case .tlsHandshake(let detail): return "tls: \(detail)"
        case .connection(let detail): return "connection: \(detail)"
        case .responseTooLarge(let limit, let announced):
            return "response over \(limit) bytes" + (announced.map { " (Content-Length \($0))" } ?? "")
        case .caFile(let path, let detail): return "ca file \(path): \(detail)"
        case .other(let code, let detail): return "other \(code): \(detail)"
        }
    }
}

/// Where an exchange stalled past its time limit. The view layer words it; `rawValue` is the
/// technical name the `-v` log shows. An ssh channel that never logged in in time is not a phase
/// but ssh's own failure (`RouteFailure.ssh(.timeout)`); once ssh is in, the phases are the daemon's.
public enum TimeoutPhase: String, Sendable, Equatable, CaseIterable {
    /// Resolving the server's name and opening the TCP connection to it (or to the first proxy
    /// address; a proxy that cannot be reached in time is `ProxyFailure.unreachable`).
    case connect
    /// The TLS handshake with an `https://` proxy.
    case proxyHandshake = "proxy-tls"
    /// The proxy's tunnel: its answer to CONNECT, or the SOCKS exchange.
    case proxyTunnel = "proxy"
    /// The TLS handshake with the server.
    case tlsHandshake = "tls"
    /// The request was being written, or was written and no byte of the answer came.
    case request
    /// The answer began but did not end in time.
    case response
    /// The command's `--timeout` had run out before this request could be sent; nothing was sent.
    case commandDeadline = "command-deadline"

    /// Whether a request may have reached the server when this phase stalled: only once it was
    /// being written. Everything before (connect, proxy, TLS, the command's own deadline) stopped
    /// it on our side.
    public var mayHaveReachedServer: Bool { self == .request || self == .response }
}

/// How the proxy failed. `proxy` is its URL without credentials.
public enum ProxyFailure: Error, Sendable, Equatable {
    /// The proxy itself could not be reached (name, refused, unreachable, timeout).
    case unreachable(proxy: String, detail: String)
    /// The proxy would not open the tunnel: its CONNECT answer (`status`) or a SOCKS refusal (nil).
    case tunnelRefused(proxy: String, status: Int?, detail: String)
    /// The proxy asks for credentials (407).
    case authenticationRequired(proxy: String)
    /// An `https://` proxy's certificate failed its own trust rule; nothing was sent through it.
    case untrusted(proxy: String, decision: TrustDecision, chain: PresentedChain)
    /// The TLS handshake with an `https://` proxy failed for another reason.
    case handshake(proxy: String, detail: String)
    /// A SOCKS proxy refused, with its reply code (or the authentication it asked for failed).
    case socks(proxy: String, reply: SOCKSReply)
    /// The proxy's answer is not its protocol (a wrong SOCKS version, a reply cut or too long, an
    /// answer to CONNECT that is not HTTP); nothing went through it.
    case malformedAnswer(proxy: String, detail: String)
}
