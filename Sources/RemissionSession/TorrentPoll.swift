import RemissionModel
import RemissionRPC

/// What the next refresh of a live view asks the daemon for.
public enum PollRequest: Sendable, Equatable {
    /// The whole list (`torrent-get` without ids), and why.
    case full(FullFetchReason)
    /// Only the torrents that changed recently and the ids removed meanwhile
    /// (`ids: "recently-active"`), merged into the list of the last fetch.
    case recentlyActive
}

/// Why a refresh fetches the whole list instead of merging what changed.
public enum FullFetchReason: Sendable, Equatable {
    /// No list yet.
    case first
    /// The last refresh failed (offline, a reconnect, a malformed reply): what changed meanwhile
    /// may be outside the daemon's window.
    case afterFailure
    /// The view asks for other fields than the list holds.
    case fieldsChanged
    /// Longer since the last good fetch than the daemon's window covers.
    case gap
    /// The periodic fetch that catches what the daemon does not count as a change.
    case periodic
    /// A torrent is being verified (or waits to be): its progress changes without the daemon
    /// counting it as a change, and Transmission 3.00 does not count the end of a verification.
    case verifying
    /// The reply to the incremental request came after a new session id (the daemon may have
    /// restarted and numbered its torrents anew) or in another dialect.
    case sessionChanged
    /// The incremental reply did not fit the list: the merge could be wrong.
    case unexpectedReply(UnexpectedReply)
}

/// What merging a `recently-active` reply came to.
public enum PollMerge: Sendable, Equatable {
    /// The new poll; how many torrents of the list changed, were added, were removed.
    case merged(TorrentPoll, changed: Int, added: Int, removed: Int)
    /// The merge could be wrong: fetch the whole list.
    case needsFull(FullFetchReason)
}

/// What in a `recently-active` reply made its merge untrustworthy.
public enum UnexpectedReply: Sendable, Equatable {
    /// No `removed` list (every Transmission sends one with `recently-active`), or one that is not
    /// all integers.
    case noRemovedList
    /// The reply's columns differ from those of the list.
    case otherColumns
    /// One id twice in the reply.
    case duplicateID(Int)
    /// An id the list lacks, not newer than every id the list has seen: a torrent the list should
    /// have held (Transmission numbers new torrents upwards and never reuses an id while it runs).
    case unknownOlderID(Int)
    /// An id both changed and removed.
    case changedAndRemoved(Int)
}

/// The incremental polling of one server's torrent list, as a value: given the clock it says what
/// to ask next (`request`), and given the answer it gives the new list or says that the merge could
/// be wrong (`merging`). No I/O; `RemoteSession.pollTorrents` runs it.
///
/// Transmission keeps, for `ids: "recently-active"`, every torrent whose change date is within the
/// last 60 seconds (3.00: `anyDate` — activity, added, done, edited, started; 4.x:
/// `date_changed`, which most state changes bump) and every id removed within them. A list fetched
/// whole and then merged with such replies, each sent less than that window after the previous
/// good one, is the whole list — except for changes the daemon does not date: a tracker error, a
/// verification's progress, and on 3.00 the end of a verification. Hence the periodic full fetch
/// and the rule for verifying torrents.
public struct TorrentPoll: Sendable, Equatable {
    /// Transmission's `RecentlyActiveSeconds` (3.00 and 4.x alike).
    public static let daemonWindow = 60.0
    /// The longest time, from the last good fetch's start to the next one's, that an incremental
    /// fetch may cover: the window less a margin for the daemon's whole-second dates, for its clock
    /// reading later than ours and for a slow reply.
    public static let maximumGap = 45.0
    /// A full fetch at least this often (seconds), for the changes the daemon does not date.
    public static let fullEvery = 300.0

    /// The list as of the last good fetch, in the daemon's order with new torrents after.
    public private(set) var torrents: [Torrent] = []
    /// The fields the list holds; nil before the first fetch.
    public private(set) var fields: [TorrentField]?
    /// The columns of the last full reply (nil in object format).
    private var columns: [String]?
    /// The dialect of the last good reply.
    private var dialect: RPCDialect?
    /// Monotonic seconds at which the last good fetch and the last full fetch started.
    private var lastGoodStart: Double?
    private var lastFullStart: Double?
    /// The largest id the list has seen (removed ones included).
    private var largestID = 0
    /// Set after a failure: the next fetch is full whatever the clock says.
    private var failed = false

    public init() {}

    /// What to ask for at `now` (monotonic seconds) for a view that needs `fields`.
    public func request(fields wanted: [TorrentField], now: Double) -> PollRequest {
        guard let fields, let lastGoodStart, let lastFullStart else { return .full(.first) }
        if failed { return .full(.afterFailure) }
        if fields != wanted { return .full(.fieldsChanged) }
        if now - lastGoodStart > Self.maximumGap || now < lastGoodStart { return .full(.gap) }
        if now - lastFullStart >= Self.fullEvery { return .full(.periodic) }
        if torrents.contains(where: { $0.status.isChecking }) { return .full(.verifying) }
        return .recentlyActive
    }

    /// The poll after a full fetch that started at `start`.
    public func afterFull(
        _ list: [Torrent], columns: [String]?, fields: [TorrentField], dialect: RPCDialect?, start: Double
    ) -> TorrentPoll {
        var next = TorrentPoll()
        next.torrents = list
        next.fields = fields
        next.columns = columns
        next.dialect = dialect
        next.lastGoodStart = start
        next.lastFullStart = start
        next.largestID = max(largestID, list.reduce(0) { max($0, $1.id) })
        return next
    }

    /// The poll after an incremental fetch that started at `start`, with what it changed; or why
    /// its merge could be wrong (then fetch the whole list). `sessionChanged`: the call got a new
    /// session id (a 409) or was answered in another dialect than the list's.
    public func merging(
        _ changes: RecentChanges, sessionChanged: Bool, dialect replyDialect: RPCDialect?, start: Double
    ) -> PollMerge {
        if sessionChanged || (replyDialect != nil && replyDialect != dialect) { return .needsFull(.sessionChanged) }
        guard let removedIDs = changes.removedIds else { return .needsFull(.unexpectedReply(.noRemovedList)) }
        if changes.header != nil && changes.header != columns { return .needsFull(.unexpectedReply(.otherColumns)) }

        // An idle refresh changes nothing: then the list is not copied, nor indexed (10,000 torrents).
        var position = [Int: Int](minimumCapacity: changes.torrents.isEmpty ? 0 : torrents.count)
        if !changes.torrents.isEmpty {
            for (index, torrent) in torrents.enumerated() { position[torrent.id] = index }
        }
        let removed = Set(removedIDs)
        var seen = Set<Int>(minimumCapacity: changes.torrents.count)
        var merged = torrents
        var added: [Torrent] = []
        for torrent in changes.torrents {
            guard seen.insert(torrent.id).inserted else {
                return .needsFull(.unexpectedReply(.duplicateID(torrent.id)))
            }
            if removed.contains(torrent.id) { return .needsFull(.unexpectedReply(.changedAndRemoved(torrent.id))) }
            if let index = position[torrent.id] {
                merged[index] = torrent
            } else if torrent.id > largestID {
                added.append(torrent)
            } else {
                return .needsFull(.unexpectedReply(.unknownOlderID(torrent.id)))
            }
        }
        // Removed ids the list lacks are expected: the daemon repeats an id for the whole window,
        // and a torrent added and removed between two fetches was never seen.
        let removedCount = removed.isEmpty ? 0 : merged.reduce(0) { $0 + (removed.contains($1.id) ? 1 : 0) }
        if removedCount > 0 { merged.removeAll { removed.contains($0.id) } }
        if !added.isEmpty {
            added.sort { $0.id < $1.id }
            merged.append(contentsOf: added)
        }

        var next = self
        next.torrents = merged
        next.lastGoodStart = start
        next.largestID = max(largestID, added.last?.id ?? 0)
        return .merged(next, changed: changes.torrents.count - added.count, added: added.count, removed: removedCount)
    }

    /// The poll after a failed fetch: the list is kept (a view may still show it), the next fetch
    /// is full.
    public func afterFailure() -> TorrentPoll {
        var next = self
        next.failed = true
        return next
    }
}
