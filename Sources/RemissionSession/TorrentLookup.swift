import RemissionModel
import RemissionRPC

/// The torrents an `IDS` argument names, looked up before acting so that ids that do not exist are
/// reported rather than silently ignored (Transmission ignores unknown ids without a word).
public struct TorrentLookup: Sendable {
    /// The torrents that exist, in the order the user gave them (by id for `all` and `active`).
    public var found: [Torrent]
    /// Explicit ids and hashes with no torrent.
    public var missing: [TorrentReference]

    /// Parses IDS; a malformed list is a usage error with the parser's message.
    public static func selection(_ text: String) throws(Failure) -> TorrentSelection {
        do { return try TorrentSelection.parse(text) } catch { throw Failure(.selection(error)) }
    }

    /// Fetches `id`, `hashString`, `name` and `fields` for the selection.
    public static func find(
        _ selection: TorrentSelection, fields: [TorrentField] = [], client: RPCClient
    ) throws(RPCError) -> TorrentLookup {
        var wanted = [TorrentField.id, .hashString, .name]
        for field in fields where !wanted.contains(field) { wanted.append(field) }  // each field asked once
        let torrents = try client.torrentGet(ids: selection, fields: wanted, format: .table)
        guard case .torrents(let references) = selection else {
            return TorrentLookup(found: torrents.sorted { $0.id < $1.id }, missing: [])
        }
        return match(references, in: torrents)
    }

    /// The torrents `references` name, in their order and each once, and the references that name
    /// none. Linear: `remove 1-10000` names 10,000 ids (a scan per id took ~10 s of CPU).
    public static func match(_ references: [TorrentReference], in torrents: [Torrent]) -> TorrentLookup {
        var byID: [Int: Torrent] = [:]
        var byHash: [String: Torrent] = [:]
        for torrent in torrents.reversed() {  // the first torrent with an id or hash wins
            byID[torrent.id] = torrent
            byHash[torrent.hashString.lowercased()] = torrent
        }
        var found: [Torrent] = []
        var foundIDs: Set<Int> = []
        var missing: [TorrentReference] = []
        for reference in references {
            let match =
                switch reference {
                case .id(let id): byID[id]
                case .hash(let hash): byHash[hash]
                }
            if let match {
                if foundIDs.insert(match.id).inserted { found.append(match) }
            } else {
                missing.append(reference)
            }
        }
        return TorrentLookup(found: found, missing: missing)
    }

    /// The found torrents as a selection of ids (never `.all`, so nothing added meanwhile is touched).
    public var selection: TorrentSelection { .torrents(found.map { .id($0.id) }) }

    /// What start, stop, verify and reannounce act on: `all` as `all`, anything else as the found
    /// ids. Transmission 3 looks each listed id up with a scan of every torrent, so naming 10,000
    /// ids took the daemon 2.4 s where `all` takes milliseconds; a torrent added in between is
    /// then included, which is what `all` asks for. `remove` keeps `selection`: deleting data must
    /// never reach a torrent that was not listed.
    public func actionSelection(for requested: TorrentSelection) -> TorrentSelection {
        requested == .all ? .all : selection
    }

    /// Fails when ids were named and none exists (exit 1); otherwise the missing ones are for the
    /// view to warn about (`missing`).
    public func requireSome() throws(Failure) {
        if found.isEmpty, !missing.isEmpty { throw Failure(.noSuchTorrents(missing)) }
    }
}
