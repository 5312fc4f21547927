import RemissionModel
import RemissionRPC

/// What `start`, `stop`, `verify` and `reannounce` ask of the server (worded by
/// `TorrentText.pastTense`).
public enum TorrentAction: Sendable, Equatable {
    case start(now: Bool), stop, verify, reannounce

    public func perform(_ selection: TorrentSelection, _ client: RPCClient) throws(RPCError) {
        switch self {
        case .start(let now): try client.torrentStart(selection, now: now)
        case .stop: try client.torrentStop(selection)
        case .verify: try client.torrentVerify(selection)
        case .reannounce: try client.torrentReannounce(selection)
        }
    }
}
