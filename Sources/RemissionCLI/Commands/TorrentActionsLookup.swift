import RemissionModel
import RemissionRPC

/// The torrents an `IDS` argument names, looked up before acting so that ids that do not exist are
/// reported rather than silently ignored (Transmission ignores unknown ids without a word).
struct TorrentLookup {
    /// The torrents that exist, in the order the user gave them (by id for `all` and `active`).
    var found: [Torrent]
    /// Explicit ids and hashes with no torrent.
    var missing: [TorrentReference]

    /// Parses IDS; a malformed list is a usage error with the parser's message.
    static func selection(_ text: String) throws -> TorrentSelection {
        do { return try TorrentSelection.parse(text) } catch {
            throw CommandFailure(error.description, status: .usage)
        }
    }

    /// Fetches `id`, `hashString`, `name` and `fields` for the selection.
    static func find(
        _ selection: TorrentSelection, fields: [TorrentField] = [], client: RPCClient
    ) throws(RPCError) -> TorrentLookup {
        let wanted = [TorrentField.id, .hashString, .name] + fields
        let torrents = try client.torrentGet(ids: selection, fields: wanted, format: .table)
        guard case .torrents(let references) = selection else {
            return TorrentLookup(found: torrents.sorted { $0.id < $1.id }, missing: [])
        }
        return match(references, in: torrents)
    }

    /// The torrents `references` name, in their order and each once, and the references that name
    /// none. Linear: `remove 1-10000` names 10,000 ids (a scan per id took ~10 s of CPU).
    static func match(_ references: [TorrentReference], in torrents: [Torrent]) -> TorrentLookup {
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
    var selection: TorrentSelection { .torrents(found.map { .id($0.id) }) }

    /// What start, stop, verify and reannounce act on: `all` as `all`, anything else as the found
    /// ids. Transmission 3 looks each listed id up with a scan of every torrent, so naming 10,000
    /// ids took the daemon 2.4 s where `all` takes milliseconds; a torrent added in between is
    /// then included, which is what `all` asks for. `remove` keeps `selection`: deleting data must
    /// never reach a torrent that was not listed.
    func actionSelection(for requested: TorrentSelection) -> TorrentSelection {
        requested == .all ? .all : selection
    }

    /// "no torrent with id 42", "no torrents with ids 7, 9", "no torrent with hash …".
    var missingText: String {
        let ids = missing.compactMap { if case .id(let id) = $0 { return String(id) } else { return nil } }
        let hashes = missing.compactMap { if case .hash(let hash) = $0 { return hash } else { return nil } }
        var parts: [String] = []
        if !ids.isEmpty {
            parts.append(ids.count == 1 ? "no torrent with id \(ids[0])" : "no torrents with ids \(Self.list(ids))")
        }
        if !hashes.isEmpty {
            parts.append(
                hashes.count == 1 ? "no torrent with hash \(hashes[0])" : "no torrents with hashes \(Self.list(hashes))"
            )
        }
        return parts.joined(separator: "; ")
    }

    /// Warns about missing ids when some were found; fails (exit 1) when none were and some were named.
    func reportMissing(selection: TorrentSelection) throws {
        if found.isEmpty, !missing.isEmpty {
            throw CommandFailure("\(missingText). Run `remission list` to see the ids.", status: .failure)
        }
        if !missing.isEmpty { printError("remission: warning: \(missingText); going on with the others.") }
    }

    /// Lines `  ID  NAME` for a listing.
    func lines(extra: (Torrent) -> String = { _ in "" }) -> [String] {
        let width = found.map { String($0.id).count }.max() ?? 1
        return found.map { "  \(TorrentText.rightAligned(String($0.id), width))  \($0.name)\(extra($0))" }
    }

    private static func list(_ items: [String]) -> String {
        items.count > 10
            ? items.prefix(10).joined(separator: ", ") + " and \(items.count - 10) more" : items.joined(separator: ", ")
    }
}
