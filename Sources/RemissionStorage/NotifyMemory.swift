/// What `remission notify` (and `watch --notify`) last saw of one server and already reported, so
/// that a restart neither repeats an event nor misses one that happened meanwhile. One file per
/// server, `$XDG_STATE_HOME/remission/notify/HEX.json` (`NotifyMemoryStore`).
///
/// Torrents are known by their info hash (ids change when the daemon restarts). Bounded: at most
/// `maximumTorrents` hashes and `maximumCertificates` warned certificates are kept.
///
/// File format (version 1): `{"version":1,"server":NAME,"online":BOOL (absent before the first
/// poll),"lastPoll":UNIX,"pending":[HASH…],"done":[HASH…],"errored":[HASH…],"warned":[SHA256HEX…]}`,
/// each list sorted.
public struct NotifyMemory: VersionedDocument {
    public static let currentVersion = 1
    /// More than a seedbox holds; ~50 bytes each, so a full memory is ~5 MB.
    public static let maximumTorrents = 100_000
    public static let maximumCertificates = 32

    /// The saved server's name, as the events name it.
    public var server: String = ""
    /// The last poll reached the server; nil before the first poll.
    public var online: Bool?
    /// Unix seconds of the last poll that reached the server; 0 before the first one.
    public var lastPoll: Int64 = 0
    /// Torrents seen not yet finished.
    public var pending: [String] = []
    /// Torrents seen finished (reported, or already finished when first seen).
    public var done: [String] = []
    /// Torrents whose error was reported (or present when first seen) and has not cleared.
    public var errored: [String] = []
    /// SHA-256 fingerprints (hex) of the certificates whose coming expiry was reported, oldest first.
    public var warned: [String] = []

    public init() {}

    public init(
        server: String, online: Bool?, lastPoll: Int64, pending: [String], done: [String], errored: [String],
        warned: [String]
    ) {
        self.server = server
        self.online = online
        self.lastPoll = lastPoll
        self.pending = pending
        self.done = done
        self.errored = errored
        self.warned = warned
    }

    /// Nothing was ever seen of the server's torrents: the first poll records, it does not report.
    public var isFirstSight: Bool { lastPoll == 0 }
}

/// The `NotifyMemory` of each server, one locked, atomically written file each, so that `notify`
/// and a `watch --notify` running at once report each event once (whoever polls first).
public struct NotifyMemoryStore: Sendable {
    public var directory: String

    public init(directory: String) { self.directory = directory }

    public init(paths: StoragePaths) { self.init(directory: paths.state + "/notify") }

    /// `HEX.json`: FNV-1a of the server's name (the file records the name; another name reads as new).
    public func path(for server: String) -> String {
        joined(directory, fnv1a64Hex(Array(server.utf8)) + ".json")
    }

    /// Locks the server's file, loads its memory (empty when there is none, or it was another
    /// server's), lets `body` turn it into the next one, and writes that when it changed.
    /// The file is refused when another user may write it (StrictModes), as the configuration is.
    public func update<Result>(
        server: String, _ body: (NotifyMemory) -> (Result, NotifyMemory)
    ) throws(StorageError) -> Result {
        let file = VersionedFile<NotifyMemory>(path: path(for: server), strictModes: true)
        do {
            return try file.update { memory in
                var current = memory
                if current.server != server { current = NotifyMemory() }
                let (result, next) = body(current)
                memory = next
                memory.server = server
                return result
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .corrupt(path: path(for: server), detail: "\(error)")
        }
    }
}
