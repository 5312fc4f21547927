import RemissionModel
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// The routes every transport test runs over: direct TCP, and a tunnel through an HTTP CONNECT
/// proxy (`TestProxy`, one for the whole test process). TLS, trust and HTTP sit on top of both, the
/// same code: these tests show that the route changes none of it.
enum Engine: String, CaseIterable, Sendable, CustomStringConvertible {
    case direct, tunnel

    var description: String { rawValue }

    /// The CONNECT proxy the `tunnel` route goes through; it ends with the test process.
    static let sharedProxy: TestProxy? = try? TestProxy(.connect)

    func transport(
        endpoint: ServerEndpoint, caFile: String? = nil, options: TransportOptions = TransportOptions(),
        clientIdentity: ClientIdentity? = nil, policy: TrustPolicy
    ) throws -> SocketTransport {
        var options = options
        if self == .tunnel {
            let proxy = try #require(Self.sharedProxy, "the test proxy did not start")
            options.route = .proxy(
                ProxySettings(endpoint: ProxyEndpoint(scheme: .http, host: "127.0.0.1", port: proxy.port)))
        }
        return try SocketTransport(
            endpoint: endpoint, caFile: caFile, options: options, clientIdentity: clientIdentity, policy: policy)
    }
}

/// Passes requests to a transport and keeps the connection report each exchange returned, as the
/// RPC client's `CallReport` takes them: the tests read what the calls returned, never the transport.
final class ExchangeLog: HTTPTransport {
    let inner: SocketTransport
    private(set) var reports: [ConnectionReport] = []

    init(_ inner: SocketTransport) { self.inner = inner }

    func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportFailure) -> HTTPExchange {
        do {
            let exchanged = try inner.send(request, credentials: credentials)
            reports.append(exchanged.connection)
            return exchanged
        } catch {
            reports.append(error.connection)
            throw error
        }
    }

    /// The report of the last exchange that opened a connection.
    var opening: ConnectionReport? { reports.last { !$0.reusedConnection } }
    /// The report of the last exchange.
    var last: ConnectionReport { reports.last ?? ConnectionReport() }
}
