import RemissionModel
import RemissionRPC

#if canImport(Glibc)
    import Glibc
#endif

/// The files `add --skip/--only` left out of one added torrent: their indexes and how many it has.
public struct ChosenFiles: Sendable, Equatable {
    public var unwanted: [Int]
    public var count: Int
    public init(unwanted: [Int], count: Int) { (self.unwanted, self.count) = (unwanted, count) }
}

/// `add --skip/--only`: the files are chosen before the torrent downloads anything, by the way the
/// file list becomes known (devdoc/views.md, "Choosing files when adding"):
///
/// - a .torrent file's list is read here (`MetainfoFiles`): the choice is checked before anything is
///   sent and goes with the `torrent-add` itself (`files-unwanted`), one request;
/// - an http(s) URL (or a .torrent this reader cannot read) is fetched by the daemon during the
///   `torrent-add`: the torrent is added paused, its files read back and chosen, then started when it
///   would have started (no `--paused`, and the daemon's start-added-torrents); a choice that does
///   not fit removes the paused torrent again (nothing of it was downloaded);
/// - a magnet link's list comes from its peers, and only while it runs (a stopped torrent talks to
///   nobody): it is added running, the list awaited (at most `wait` seconds, polled every quarter
///   second) and the choice applied as soon as it is known (a choice that does not fit removes it
///   again, its data kept), then stopped when the daemon does not start added torrents; with
///   `--paused` it is refused before anything is sent. Pieces asked for in that quarter second may
///   still arrive.
///
/// A torrent already present is left as it is: its files are not changed.
public enum AddFileChoice {
    /// What became of one argument.
    public enum Outcome: Sendable, Equatable {
        case added(TorrentAddResult, ChosenFiles)
        /// Present already; its files were not touched.
        case duplicate(TorrentAddResult)
        /// Nothing was added (a torrent added paused for its file list was removed again).
        case refused(AddFileChoiceProblem)
        /// A magnet added and running, whose file list did not come within the wait.
        case late(TorrentAddResult)
    }

    /// How one source is added: the files known beforehand, or learned from the daemon.
    public enum Plan: Sendable, Equatable {
        case known(ChosenFiles)
        case afterAdding
        case magnet
    }

    /// The plan for `source` before anything is sent: a .torrent's files chosen here (a choice that
    /// does not fit is the argument's failure), a magnet with `--paused` refused.
    public static func plan(_ choice: FileChoice, for source: TorrentSource, paused: Bool) throws(AddFileChoiceProblem)
        -> Plan
    {
        switch source {
        case .metainfo(let bytes):
            guard let paths = MetainfoFiles.paths(in: bytes) else { return .afterAdding }
            return .known(ChosenFiles(unwanted: try choice.unwanted(in: paths), count: paths.count))
        case .filename(let name):
            guard name.lowercased().hasPrefix("magnet:") else { return .afterAdding }
            if paused { throw .pausedMagnet }
            return .magnet
        }
    }

    /// The options of `torrent-add` that do not depend on the files.
    public struct Request: Sendable {
        public var downloadDir: String?
        public var paused: Bool
        public var labels: [String]
        /// How long a magnet's file list is awaited, in seconds.
        public var wait: Double
        public init(downloadDir: String?, paused: Bool, labels: [String], wait: Double) {
            (self.downloadDir, self.paused, self.labels, self.wait) = (downloadDir, paused, labels, wait)
        }
    }

    /// Adds `source` as `plan` says, with `choice`.
    public static func add(
        _ source: TorrentSource, plan: Plan, choice: FileChoice, request: Request, client: RPCClient
    ) throws(RPCError) -> Outcome {
        switch plan {
        case .known(let files):
            let result = try client.torrentAdd(
                source, downloadDir: request.downloadDir, paused: request.paused ? true : nil, labels: request.labels,
                filesUnwanted: files.unwanted)
            guard case .added = result else { return .duplicate(result) }
            return .added(result, files)
        case .afterAdding:
            let result = try client.torrentAdd(
                source, downloadDir: request.downloadDir, paused: true, labels: request.labels)
            guard case .added(let id, _, _) = result else { return .duplicate(result) }
            let paths = try files(of: id, client: client) ?? []
            let unwanted: [Int]
            do throws(AddFileChoiceProblem) { unwanted = try choice.unwanted(in: paths) } catch {
                try client.torrentRemove(.torrents([.id(id)]), deleteLocalData: false)
                return .refused(error)
            }
            try choose(unwanted, of: id, client: client)
            if !request.paused, try startsAdded(client) { try client.torrentStart(.id(id)) }
            return .added(result, ChosenFiles(unwanted: unwanted, count: paths.count))
        case .magnet:
            let result = try client.torrentAdd(
                source, downloadDir: request.downloadDir, paused: false, labels: request.labels)
            guard case .added(let id, _, _) = result else { return .duplicate(result) }
            guard let paths = try awaitFiles(of: id, seconds: request.wait, client: client) else {
                return .late(result)
            }
            let unwanted: [Int]
            do throws(AddFileChoiceProblem) { unwanted = try choice.unwanted(in: paths) } catch {
                // Removed again, its data kept: never delete what might not be this command's.
                try client.torrentRemove(.torrents([.id(id)]), deleteLocalData: false)
                return .refused(error)
            }
            try choose(unwanted, of: id, client: client)
            if try !startsAdded(client) { try client.torrentStop(.id(id)) }
            return .added(result, ChosenFiles(unwanted: unwanted, count: paths.count))
        }
    }

    /// The torrent's file paths as the daemon lists them; nil while it has none (a magnet link's
    /// metadata not yet in), or when the torrent is gone.
    static func files(of id: Int, client: RPCClient) throws(RPCError) -> [String]? {
        let torrent = try client.torrentGet(ids: .id(id), fields: [.id, .files], format: .objects).first
        guard let files = torrent?.files, !files.isEmpty else { return nil }
        return files.map(\.name)
    }

    /// Polls for the file list every quarter second, each request with the whole `--timeout`.
    static func awaitFiles(of id: Int, seconds: Double, client: RPCClient) throws(RPCError) -> [String]? {
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int(seconds * 1000))
        while true {
            client.deadline = client.deadline(inSeconds: seconds)
            if let paths = try files(of: id, client: client) { return paths }
            guard clock.now < end else { return nil }
            usleep(250_000)
        }
    }

    private static func choose(_ unwanted: [Int], of id: Int, client: RPCClient) throws(RPCError) {
        var changes = TorrentChanges()
        if !unwanted.isEmpty { changes.filesUnwanted = unwanted }
        try client.torrentSet(.id(id), changes)
    }

    /// Whether the daemon starts a torrent added without `paused` (its start-added-torrents).
    private static func startsAdded(_ client: RPCClient) throws(RPCError) -> Bool {
        try client.sessionGet(fields: [.startAddedTorrents]).startAddedTorrents ?? true
    }
}
