import RemissionModel
import RemissionRPC
import Synchronization

/// What one `RemoteSession.pollTorrents` fetched.
public enum PollFetch: Sendable, Equatable {
    /// The whole list, and why.
    case full(FullFetchReason)
    /// The recently active torrents, merged: how many of the list changed, were added, were removed.
    case merged(changed: Int, added: Int, removed: Int)
}

/// A polled torrent list and how it was had.
public struct PolledTorrents: Sendable, Equatable {
    public var torrents: [Torrent]
    public var fetch: PollFetch
}

extension RemoteSession {
    /// The torrent list with `fields`, for a view that refreshes it (`watch`, `notify`): the whole
    /// list at first and whenever `TorrentPoll` says so, otherwise only the recently active
    /// torrents and the removed ids, merged into the last list — at 10,000 idle torrents a few
    /// hundred bytes instead of megabytes. An incremental reply that does not fit the list is
    /// followed at once by a full fetch. One poll per session (per server); a failure makes the
    /// next call fetch the whole list. Calls must not overlap (they do not in `watch`).
    public func pollTorrents(fields: [TorrentField]) throws(Failure) -> PolledTorrents {
        let poll = polls.current
        let start = monotonicSeconds()
        do throws(Failure) {
            if case .full(let reason) = poll.request(fields: fields, now: start) {
                return try fetchWhole(poll, fields: fields, reason: reason, start: start)
            }
            let (changes, report) = try run { client throws(RPCError) in
                let reported = client.reporting { client throws(RPCError) in
                    try client.torrentGetRecentlyActive(fields: fields, format: .table)
                }
                return (try reported.get(), reported.report)
            }
            switch poll.merging(changes, sessionChanged: report.sawHandshake, dialect: report.dialect, start: start) {
            case .merged(let next, let changed, let added, let removed):
                polls.current = next
                return PolledTorrents(
                    torrents: next.torrents, fetch: .merged(changed: changed, added: added, removed: removed))
            case .needsFull(let reason):
                return try fetchWhole(poll, fields: fields, reason: reason, start: monotonicSeconds())
            }
        } catch {
            polls.current = poll.afterFailure()
            throw error
        }
    }

    private func fetchWhole(
        _ poll: TorrentPoll, fields: [TorrentField], reason: FullFetchReason, start: Double
    ) throws(Failure) -> PolledTorrents {
        let (list, report) = try run { client throws(RPCError) in
            let reported = client.reporting { client throws(RPCError) in
                try client.torrentList(fields: fields, format: .table)
            }
            return (try reported.get(), reported.report)
        }
        let next = poll.afterFull(
            list.torrents, columns: list.header, fields: fields, dialect: report.dialect, start: start)
        polls.current = next
        return PolledTorrents(torrents: next.torrents, fetch: .full(reason))
    }

    /// The poll's time: the client's clock, in seconds.
    private func monotonicSeconds() -> Double {
        client.clock.monotonicMilliseconds / 1000
    }
}

/// The `TorrentPoll` of one `RemoteSession`. A class, so that copies of the session (`watch`'s
/// jobs) share one poll; they run one at a time.
final class TorrentPolls: Sendable {
    private let state = Mutex(TorrentPoll())

    var current: TorrentPoll {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
