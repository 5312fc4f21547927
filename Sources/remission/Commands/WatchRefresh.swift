import RemissionModel
import RemissionRPC
import RemissionSession
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One refresh of `watch`, on a thread of its own: the request blocks in libcurl for up to
/// `--timeout`, and meanwhile the screen keeps its clock (the data's age, what it waits for) and
/// its keys (q quits at once).
///
/// `@unchecked Sendable`: the session is used by the refresh thread only; the watch loop starts
/// the next refresh only after it has taken this one's outcome (or quits with `_exit`).
final class WatchRefresh: @unchecked Sendable {
    private let session: RemoteSession
    private let fields: [TorrentField]
    private let timeout: Double
    private let outcome = Mutex<Result<[Torrent], Failure>?>(nil)

    /// Starts the request at once (on the calling thread if no thread can be had).
    init(session: RemoteSession, fields: [TorrentField], timeout: Double) {
        self.session = session
        self.fields = fields
        self.timeout = timeout
        if let thread = startThread({ self.run() }) {
            pthread_detach(thread)
        } else {
            run()
        }
    }

    /// The torrents or the failure; nil while the request runs.
    var result: Result<[Torrent], Failure>? { outcome.withLock { $0 } }

    private func run() {
        session.restartDeadline(seconds: timeout)
        let result: Result<[Torrent], Failure>
        do {
            let fields = self.fields
            result = .success(
                try session.run { client throws(RPCError) in try client.torrentGet(fields: fields, format: .table) })
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
    }
}
