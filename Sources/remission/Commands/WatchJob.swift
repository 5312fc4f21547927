import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What one request of `watch` came back with.
enum WatchOutcome {
    /// The list, and the open detail's torrent when one was asked for (nil when it is gone).
    case refreshed(Result<(torrents: [Torrent], detail: Torrent?), Failure>, detailID: Int?)
    case detail(id: Int, Result<Torrent?, Failure>)
    /// The present value an open prompt is filled with (nil when the torrent is gone).
    case promptValue(id: Int, Result<Torrent?, Failure>)
    /// An action, a removal or a file change: done, or why not.
    case done(WatchEffect, Result<Void, Failure>)
}

/// One request of `watch` (a refresh, an action, a detail) on a thread of its own: it blocks in
/// the transport for up to `--timeout`, and meanwhile the screen keeps its clock and its keys (q quits
/// at once).
///
/// `@unchecked Sendable`: the session is used by the job's thread only; the watch loop starts the
/// next job only after it has taken this one's outcome (or quits with `_exit`).
final class WatchJob: @unchecked Sendable {
    private let session: RemoteSession
    private let work: (RemoteSession) -> WatchOutcome
    private let outcome = Mutex<WatchOutcome?>(nil)

    /// Starts the request at once (on the calling thread if no thread can be had), with the whole
    /// `timeout` for it.
    init(session: RemoteSession, timeout: Double, work: @escaping (RemoteSession) -> WatchOutcome) {
        self.session = session
        self.work = work
        session.restartDeadline(seconds: timeout)
        if let thread = startThread({ self.run() }) {
            pthread_detach(thread)
        } else {
            run()
        }
    }

    /// The outcome; nil while the request runs.
    var result: WatchOutcome? { outcome.withLock { $0 } }

    private func run() {
        let result = work(session)
        outcome.withLock { $0 = result }
    }
}

/// The requests behind the effects, through the same use cases and failures as the commands.
enum WatchRequests {
    /// What `info --files --trackers --peers` fetches.
    static let detailFields: [TorrentField] = TorrentField.details + [.files, .fileStats, .trackerStats, .peers]

    static func refresh(fields: [TorrentField], detailID: Int?) -> (RemoteSession) -> WatchOutcome {
        { session in
            do throws(Failure) {
                // The whole list at first, then only what changed (`RemoteSession.pollTorrents`).
                let torrents = try session.pollTorrents(fields: fields).torrents
                var detail: Torrent?
                if let detailID { detail = try fetchDetail(detailID, session) }
                return .refreshed(.success((torrents, detail)), detailID: detailID)
            } catch {
                return .refreshed(.failure(error), detailID: detailID)
            }
        }
    }

    static func detail(_ id: Int) -> (RemoteSession) -> WatchOutcome {
        { session in
            do throws(Failure) { return .detail(id: id, .success(try fetchDetail(id, session))) } catch {
                return .detail(id: id, .failure(error))
            }
        }
    }

    /// The fields a prompt of `kind` is filled with, for `id` alone.
    static func promptValue(_ id: Int, _ kind: WatchPrompt.Kind) -> (RemoteSession) -> WatchOutcome {
        { session in
            do throws(Failure) {
                let torrent = try session.run { client throws(RPCError) in
                    try TorrentLookup.find(.id(id), fields: WatchPrompt.fields(kind), client: client).found.first
                }
                return .promptValue(id: id, .success(torrent))
            } catch {
                return .promptValue(id: id, .failure(error))
            }
        }
    }

    private static func fetchDetail(_ id: Int, _ session: RemoteSession) throws(Failure) -> Torrent? {
        try session.run { client throws(RPCError) in
            try TorrentLookup.find(.id(id), fields: detailFields, client: client).found.first
        }
    }

    /// Start, stop, verify, reannounce (`TorrentAction`), remove in `remove`'s batches, a file change.
    static func perform(_ effect: WatchEffect, timeout: Double) -> (RemoteSession) -> WatchOutcome {
        { session in
            do throws(Failure) {
                switch effect {
                case .act(_, let ids), .remove(let ids, _): session.noteMoreTorrents(ids)
                case .changeFiles(let id, _): session.noteMoreTorrents([id])
                case .move(let ids, _), .queue(let ids, _), .set(let ids, _): session.noteMoreTorrents(ids)
                default: break
                }
                switch effect {
                case .act(let action, let ids):
                    try session.run { client throws(RPCError) in try action.perform(selection(ids), client) }
                case .remove(let ids, let deleteData):
                    for (index, batch) in RemissionCommand.Remove.batches(ids, size: RemissionCommand.Remove.batchSize)
                        .enumerated()
                    {
                        if index > 0 { session.restartDeadline(seconds: timeout) }
                        try session.run { client throws(RPCError) in
                            try client.torrentRemove(selection(Array(batch)), deleteLocalData: deleteData)
                        }
                    }
                case .changeFiles(let id, let changes):
                    try session.run { client throws(RPCError) in try client.torrentSet(.id(id), changes) }
                case .move(let ids, let directory):
                    try session.run { client throws(RPCError) in
                        try client.torrentSetLocation(selection(ids), location: directory, move: true)
                    }
                case .queue(let ids, let direction):
                    try session.run { client throws(RPCError) in try client.queueMove(selection(ids), direction) }
                case .set(let ids, let request):
                    // `remission set`'s use case: refused before anything is sent when the daemon lacks a setting.
                    let rpcVersion = try TorrentSettings.check(request, session: session)
                    let lookup = try TorrentSettings.lookup(selection(ids), rpcVersion: rpcVersion, session: session)
                    _ = try TorrentSettings.apply(
                        request, to: lookup, requested: selection(ids), rpcVersion: rpcVersion, session: session)
                default: break
                }
                return .done(effect, .success(()))
            } catch {
                return .done(effect, .failure(error))
            }
        }
    }

    private static func selection(_ ids: [Int]) -> TorrentSelection { .torrents(ids.map { .id($0) }) }
}
