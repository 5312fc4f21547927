import RemissionModel
import RemissionRPC
import RemissionStorage
import RemissionTrust

/// One poll of one server for `notify` and `watch --notify`: the fetch (in one place, so that it can
/// later ask only for recently active torrents), what it saw, and the events it gives against the
/// remembered state.
public enum NotifyPoll {
    /// The fields the events need, and no more.
    public static let fields: [TorrentField] = [
        .id, .name, .hashString, .status, .percentDone, .leftUntilDone, .error, .errorString, .doneDate,
    ]

    /// The server's torrents with `fields`, polled as `watch` polls (`RemoteSession.pollTorrents`): on a
    /// session kept from the last poll, only the recently active torrents when the last good fetch is
    /// recent enough (so at the default 60 s interval every poll is whole), and the whole list at least
    /// every 300 s (a tracker error does not make a torrent recently active).
    public static func fetch(_ session: RemoteSession) throws(Failure) -> [Torrent] {
        try session.pollTorrents(fields: fields).torrents
    }

    /// The chain the session's last new connection presented (empty on plain HTTP or before any), from
    /// what its calls returned (`RemoteSession.answered`: a reused connection keeps the opening's report).
    public static func presentedCertificates(_ session: RemoteSession) -> [CertificateFacts] {
        session.answered.connection?.tls?.chain?.certificates ?? []
    }

    /// What a poll saw: the torrents and chain, or the failure in words (`describe`, a view's).
    public static func sighting(
        _ result: Result<[Torrent], Failure>, certificates: [CertificateFacts], describe: (Failure) -> String
    ) -> ServerSighting {
        switch result {
        case .success(let torrents):
            .online(torrents: torrents.map(TorrentSighting.init), certificates: certificates)
        case .failure(let failure):
            .offline(cause: describe(failure), exitCode: failure.status.rawValue)
        }
    }

    /// Takes `sighting` into the server's remembered state (locked, so a `notify` and a `watch
    /// --notify` at once report each event once) and returns the events to report. The state is
    /// written before anything is reported: an event is reported at most once, even if the process
    /// is killed in between.
    public static func record(
        _ sighting: ServerSighting, server: String, url: String, store: NotifyMemoryStore, now: Int64,
        rule: ExpiryRule = ExpiryRule()
    ) throws(StorageError) -> [NotifyEvent] {
        try store.update(server: server) { memory in
            let (events, next) = NotifyDetector.detect(
                memory: memory, sighting: sighting, server: server, url: url, now: now, rule: rule)
            return (events, next)
        }
    }
}
