import RemissionModel
import RemissionRPC
import RemissionStorage

/// One saved server's part of a view over all servers (`list --all`, `watch --all`): its torrents
/// and where they come from — the server now, its last snapshot while it is offline, or nothing and
/// why.
public struct ServerTorrents: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// The server answered at this time.
        case live(at: Int64)
        /// The torrents are the server's snapshot of `savedAt`: it is offline (`failure`, exit 3), or
        /// (nil) `--offline` asked for the snapshot without the network.
        case snapshot(savedAt: Int64, failure: Failure?)
        /// Nothing to show: offline without a usable snapshot, or a failure no snapshot stands in for
        /// (trust, credentials, permission), as `list` alone would refuse.
        case unavailable(Failure)
    }

    /// The server's label (its saved name).
    public var server: String
    public var torrents: [Torrent]
    public var origin: Origin

    public init(server: String, torrents: [Torrent], origin: Origin) {
        self.server = server
        self.torrents = torrents
        self.origin = origin
    }

    /// Not answering now, whether a snapshot is shown or nothing.
    public var failure: Failure? {
        switch origin {
        case .live: return nil
        case .snapshot(_, let failure): return failure
        case .unavailable(let failure): return failure
        }
    }

    /// What this part adds to the command's exit status: ok when the server answered, else its
    /// failure's code (3 when it was offline, shown from its snapshot or not).
    public var status: ExitStatus { failure?.status ?? .ok }

    /// When the shown torrents were fetched; nil when none are shown.
    public var dataTime: Int64? {
        switch origin {
        case .live(let time): return time
        case .snapshot(let savedAt, _): return savedAt
        case .unavailable: return nil
        }
    }

    /// A server that failed to answer: its snapshot stands in only when the failure is `offline`
    /// (as `list` does) and the snapshot holds every field the view needs; otherwise nothing is shown,
    /// with the failure that says why (a snapshot short of fields says which it lacks). Pure.
    public static func fallback(
        server: String, failure: Failure, snapshot: Snapshot?, needs fields: [TorrentField], otherSettings: Bool
    ) -> ServerTorrents {
        guard failure.status == .offline else {
            return ServerTorrents(server: server, torrents: [], origin: .unavailable(failure))
        }
        guard let snapshot else {
            return ServerTorrents(
                server: server, torrents: [],
                origin: .unavailable(
                    Failure(.local(.offlineWithoutSnapshot(failure, otherSettings: otherSettings)), server: server)))
        }
        let missing = fields.filter { !snapshot.fields.contains($0) }
        guard missing.isEmpty else {
            return ServerTorrents(
                server: server, torrents: [],
                origin: .unavailable(
                    Failure(
                        .local(
                            .snapshotLacksFields(
                                missing.map(\.rawValue), savedAt: snapshot.savedAt, serverOffline: true)),
                        server: server)))
        }
        return ServerTorrents(
            server: server, torrents: snapshot.torrents, origin: .snapshot(savedAt: snapshot.savedAt, failure: failure))
    }

    /// The torrents of an open session (`fields`, in table form), with the snapshot saved for the
    /// next offline view; when the server fails, what `fallback` makes of its snapshot. The session's
    /// own deadline (`--timeout`) bounds the request, so a hung server costs at most that.
    /// `snapshotProblem` receives a snapshot that could not be saved (the list is still shown).
    public static func fetch(
        _ session: RemoteSession, fields: [TorrentField], store: SnapshotStore,
        snapshotProblem: (SnapshotError) -> Void = { _ in }
    ) -> ServerTorrents {
        let key = SnapshotKey(
            label: session.target.label, endpoint: session.target.endpoint, user: session.target.credentials?.user)
        do throws(Failure) {
            let list = try session.run { client throws(RPCError) in
                try client.torrentList(fields: fields, format: .table)
            }
            let time = currentUnixTime()
            do throws(SnapshotError) {
                if let received = list.received {
                    try store.save(received, for: key, at: time)
                } else {
                    try store.save(list.torrents, fields: fields, for: key, at: time)
                }
            } catch {
                snapshotProblem(error)
            }
            return ServerTorrents(server: key.label, torrents: list.torrents, origin: .live(at: time))
        } catch {
            return offline(key, failure: error, fields: fields, store: store)
        }
    }

    /// What the snapshot for `key` can show in place of a server that failed with `failure`.
    public static func offline(
        _ key: SnapshotKey, failure: Failure, fields: [TorrentField], store: SnapshotStore
    ) -> ServerTorrents {
        guard failure.status == .offline else {
            return ServerTorrents(server: key.label, torrents: [], origin: .unavailable(failure))
        }
        let snapshot: Snapshot?
        do { snapshot = try store.load(for: key) } catch {
            return ServerTorrents(server: key.label, torrents: [], origin: .unavailable(Failure(.snapshot(error))))
        }
        return fallback(
            server: key.label, failure: failure, snapshot: snapshot, needs: fields,
            otherSettings: snapshot == nil && store.hasOtherSettings(than: key))
    }

    /// `--offline`: the snapshot alone, without the network; a server without one (or with one short
    /// of fields) is unavailable with the reason `list --offline` gives.
    public static func saved(_ key: SnapshotKey, fields: [TorrentField], store: SnapshotStore) -> ServerTorrents {
        let snapshot: Snapshot?
        do { snapshot = try store.load(for: key) } catch {
            return ServerTorrents(server: key.label, torrents: [], origin: .unavailable(Failure(.snapshot(error))))
        }
        guard let snapshot else {
            let problem = Failure(
                .local(.noSnapshot(otherSettings: store.hasOtherSettings(than: key))), server: key.label)
            return ServerTorrents(server: key.label, torrents: [], origin: .unavailable(problem))
        }
        let missing = fields.filter { !snapshot.fields.contains($0) }
        guard missing.isEmpty else {
            let problem = Failure(
                .local(.snapshotLacksFields(missing.map(\.rawValue), savedAt: snapshot.savedAt, serverOffline: false)),
                server: key.label)
            return ServerTorrents(server: key.label, torrents: [], origin: .unavailable(problem))
        }
        return ServerTorrents(
            server: key.label, torrents: snapshot.torrents, origin: .snapshot(savedAt: snapshot.savedAt, failure: nil))
    }
}
