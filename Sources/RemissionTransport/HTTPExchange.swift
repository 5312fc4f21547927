import RemissionModel
import RemissionTrust

/// One HTTP request to a server endpoint. The body is raw bytes (JSON for RPC).
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    /// A limit for this request below the transport's own (`TransportOptions.timeoutSeconds`): what
    /// is left of the whole command's `--timeout`. Nil: the transport's limit.
    public var timeoutMilliseconds: Int?
    /// Whether sending this request twice does no more than sending it once (a `*-get`, `session-stats`,
    /// `free-space`, `port-test`). Only such a request is resent after it may have reached the server
    /// (its connection closed before any answer); any other one only when it was never written.
    public var idempotent: Bool
    /// An authentication gateway's headers (`connect --header`): credentials, written after the
    /// others and, like `Authorization`, only once trust is decided. Kept apart from `headers` so the
    /// request log shows them only by `GatewayHeader.description` (a secret one as `<secret>`).
    public var gatewayHeaders: [GatewayHeader] = []

    public init(
        method: String = "POST", headers: [HTTPHeader] = [], body: [UInt8] = [], timeoutMilliseconds: Int? = nil,
        idempotent: Bool = false
    ) {
        self.method = method
        self.headers = headers
        self.body = body
        self.timeoutMilliseconds = timeoutMilliseconds
        self.idempotent = idempotent
    }
}

public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names as received; values trimmed of surrounding whitespace (on bytes, CRLF included).
    public var headers: [HTTPHeader]
    /// Decoded body (gzip already undone).
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? { headers.first(named: name) }
}

extension Array where Element == HTTPHeader {
    /// The value of the first header with this name, compared case-insensitively.
    func first(named name: String) -> String? {
        let wanted = name.lowercased()
        return first { $0.name.lowercased() == wanted }?.value
    }
}

/// Sends requests to one endpoint, reusing its connection. Implemented by the `ServerTransport`s;
/// unit tests of the RPC client implement it with scripted responses.
///
/// Credentials are passed with each request and sent only once trust is decided.
public protocol HTTPTransport: AnyObject {
    func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportError) -> HTTPResponse
}

/// A transport to one server that can say how its connection went (`check`'s steps, the
/// diagnostics log) and show the chain without a request (`trust show`). `SocketTransport` for a
/// server reached directly, `CurlTransport` through a proxy.
public protocol ServerTransport: HTTPTransport {
    var endpoint: ServerEndpoint { get }
    /// Diagnosis of the most recent `send`.
    var lastReport: ConnectionReport { get }
    /// Diagnosis of the most recent exchange that opened a connection (DNS, TCP, TLS and the trust
    /// decision happen only there; later requests reuse the connection).
    var lastConnectionOpening: ConnectionReport? { get }
    /// Connects and completes the TLS handshake without sending any request; returns the report
    /// even when the policy refused the chain.
    func probe() throws(TransportError) -> ConnectionReport
}

/// User name and password for HTTP Basic authentication.
/// - Warning: never print or log it; `description` is masked.
public struct BasicCredentials: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { "\(user):********" }
}

/// Why a request did not get an HTTP response, classified for diagnosis (PRODUCT.md §1 exit codes).
public enum TransportError: Error, Sendable, Equatable {
    /// The host name could not be resolved.
    case dns(host: String, detail: String)
    /// The TCP connection was refused (nothing listens on that port).
    case refused(detail: String)
    /// No route to the host, network unreachable, host down.
    case unreachable(detail: String)
    /// No answer in time; `phase` says where it stalled ("connect", "tls", "response").
    case timeout(phase: String, detail: String)
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
    /// libcurl itself could not be loaded (not installed, or broken); nothing was attempted.
    case engineUnavailable(detail: String)
    /// Any other libcurl failure, with its code and message.
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
        case .timeout(let phase, let detail): return "timeout (\(phase)): \(detail)"
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
        case .engineUnavailable(let detail): return "libcurl: \(detail)"
        case .other(let code, let detail): return "curl \(code): \(detail)"
        }
    }
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
}
