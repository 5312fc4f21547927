import RemissionModel
import RemissionTransport
import RemissionTrust

/// The two HTTP engines: our own (`SocketTransport`, every direct connection) and libcurl
/// (`CurlTransport`, connections through a proxy). Transport tests run against both.
enum Engine: String, CaseIterable, Sendable, CustomStringConvertible {
    case socket, curl

    var description: String { rawValue }

    func transport(
        endpoint: ServerEndpoint, caFile: String? = nil, options: TransportOptions = TransportOptions(),
        clientIdentity: ClientIdentity? = nil, policy: TrustPolicy
    ) throws(TransportError) -> any ServerTransport {
        switch self {
        case .socket:
            try SocketTransport(
                endpoint: endpoint, caFile: caFile, options: options, clientIdentity: clientIdentity,
                policy: policy)
        case .curl:
            try CurlTransport(
                endpoint: endpoint, caFile: caFile, options: options, clientIdentity: clientIdentity,
                policy: policy)
        }
    }
}
