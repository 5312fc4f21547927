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

/// What one `send` did: the answer, and how its connection went.
public struct HTTPExchange: Sendable, Equatable {
    public var response: HTTPResponse
    /// This exchange's diagnosis. `reusedConnection` false: it opened the connection, so DNS, TCP,
    /// the route (a proxy's tunnel) and TLS with the trust decision happened in it.
    public var connection: ConnectionReport

    public init(response: HTTPResponse, connection: ConnectionReport = ConnectionReport()) {
        self.response = response
        self.connection = connection
    }
}

/// Why a `send` or `probe` got no answer, with how far its connection got.
public struct TransportFailure: Error, Sendable, Equatable {
    public var error: TransportError
    /// The report the exchange had when it failed (steps reached, addresses, TLS facts).
    public var connection: ConnectionReport

    public init(_ error: TransportError, connection: ConnectionReport = ConnectionReport()) {
        self.error = error
        self.connection = connection
    }
}

/// Sends requests to one endpoint, reusing its connection. Implemented by `SocketTransport`;
/// unit tests of the RPC client implement it with scripted responses.
///
/// Credentials are passed with each request and sent only once trust is decided. Each call returns
/// what it did; a transport keeps no result for anyone to read afterwards.
public protocol HTTPTransport: AnyObject {
    func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportFailure) -> HTTPExchange
}

/// A transport to one server that can also show the chain without a request (`trust show`).
public protocol ServerTransport: HTTPTransport {
    var endpoint: ServerEndpoint { get }
    /// Connects and completes the TLS handshake without sending any request; returns the report
    /// even when the policy refused the chain.
    func probe() throws(TransportFailure) -> ConnectionReport
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
