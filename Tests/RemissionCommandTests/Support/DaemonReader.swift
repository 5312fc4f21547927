import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport

/// Reads a daemon's state straight over RPC (its own plain-HTTP port, a client of the test's own),
/// so that a command's effect is checked by what the daemon says, not by remission's output.
struct DaemonReader {
    let client: RPCClient

    init(bed: TestBed, daemon: TestBed.Daemon) throws {
        let endpoint = try ServerEndpoint.parse(bed.daemonURL(daemon))
        let transport = try SocketTransport(
            endpoint: endpoint, caFile: nil, options: TransportOptions(timeoutSeconds: 20),
            policy: TrustPolicy(trust: .none))
        client = RPCClient(
            transport: transport, credentials: BasicCredentials(user: bed.user, password: bed.password),
            retryPolicy: .none, logger: Logger(label: "daemon-reader") { _ in SwiftLogNoOpLogHandler() })
    }

    /// `torrent-get` of one torrent (objects, so nothing is lost in a table); nil when it is gone.
    func torrent(_ id: Int, _ fields: [TorrentField]) throws -> Torrent? {
        try client.torrentGet(ids: .id(id), fields: [.id, .name, .hashString] + fields, format: .objects).first
    }

    /// The torrent's trackers as `torrent-get` `trackers` gives them, in tier order.
    func trackers(_ id: Int) throws -> [TorrentTracker] {
        (try torrent(id, [.trackers])?.trackers ?? []).sorted { ($0.tier, $0.id) < ($1.tier, $1.id) }
    }
}
