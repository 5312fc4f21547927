import RemissionModel

/// The reply of `torrent-rename-path`: the torrent, the path as it was given, the new name, as the
/// daemon returns them.
public struct RenameReply: Sendable, Equatable {
    public var id: Int
    public var path: String
    public var name: String

    public init(id: Int, path: String, name: String) {
        self.id = id
        self.path = path
        self.name = name
    }
}

/// Where `queue-move-*` moves torrents in the download/seed queue.
public enum QueueDirection: String, Sendable, Equatable, CaseIterable {
    case top, up, down, bottom

    public var method: RPCMethod {
        switch self {
        case .top: .queueMoveTop
        case .up: .queueMoveUp
        case .down: .queueMoveDown
        case .bottom: .queueMoveBottom
        }
    }
}

/// A change of one torrent's trackers, in one of the two forms Transmission speaks.
public enum TrackerChanges: Sendable, Equatable {
    /// Transmission before 4.0 (rpc-version < 17): `trackerAdd` (URLs, each a new tier),
    /// `trackerRemove` (tracker ids), `trackerReplace` (pairs of id and URL) in `torrent-set`.
    case fields(add: [String], remove: [Int], replace: [TrackerReplacement])
    /// Transmission 4.0+ (rpc-version ≥ 17): `trackerList`, the whole announce list as text, one
    /// URL per line and a blank line between tiers; the old fields are deprecated there.
    case list(String)

    /// The `torrent-set` arguments (without `ids`), in `dialect`'s spelling.
    public func arguments(in dialect: RPCDialect) -> JSONObject {
        var arguments = JSONObject()
        switch self {
        case .fields(let add, let remove, let replace):
            if !add.isEmpty { arguments[dialect.spell("trackerAdd")] = JSONValue(add) }
            if !remove.isEmpty { arguments[dialect.spell("trackerRemove")] = JSONValue(remove) }
            if !replace.isEmpty {
                // One flat array: id, URL, id, URL…
                arguments[dialect.spell("trackerReplace")] = .array(
                    replace.flatMap { [JSONValue($0.id), .string($0.announce)] })
            }
        case .list(let text):
            arguments[dialect.spell("trackerList")] = .string(text)
        }
        return arguments
    }
}

/// One `--replace ID URL`: the tracker `id` gets the announce URL `announce`.
public struct TrackerReplacement: Sendable, Equatable {
    public var id: Int
    public var announce: String

    public init(id: Int, announce: String) {
        self.id = id
        self.announce = announce
    }
}

extension RPCClient {
    /// `torrent-set-location`: `move` true moves the data there; false points the torrents at data
    /// that is already there (transmission-remote's `--find`). `location` must be absolute.
    public func torrentSetLocation(_ ids: TorrentSelection, location: String, move: Bool) throws(RPCError) {
        _ = try perform(.torrentSetLocation) { dialect in
            var arguments = JSONObject()
            if let value = ids.idsValue(in: dialect) { arguments["ids"] = value }
            arguments["location"] = .string(location)
            arguments["move"] = .bool(move)
            return arguments
        }
    }

    /// `torrent-rename-path` (rpc-version 15+): renames `path` (a file or folder of the torrent, its
    /// top-level name for the torrent itself) to `name`, on disk too. Returns what the daemon says.
    public func torrentRenamePath(id: Int, path: String, name: String) throws(RPCError) -> RenameReply {
        let reply = try perform(.torrentRenamePath) { _ in
            ["ids": .array([JSONValue(id)]), "path": .string(path), "name": .string(name)]
        }
        return RenameReply(
            id: reply[rpc: "id"]?.int ?? id, path: reply[rpc: "path"]?.string ?? path,
            name: reply[rpc: "name"]?.string ?? name)
    }

    /// `queue-move-top`, `-up`, `-down` or `-bottom`.
    public func queueMove(_ ids: TorrentSelection, _ direction: QueueDirection) throws(RPCError) {
        _ = try perform(direction.method) { dialect in
            var arguments = JSONObject()
            if let value = ids.idsValue(in: dialect) { arguments["ids"] = value }
            return arguments
        }
    }

    /// `torrent-set` of one torrent's trackers.
    public func torrentSetTrackers(id: Int, _ changes: TrackerChanges) throws(RPCError) {
        _ = try perform(.torrentSet) { dialect in
            var arguments = changes.arguments(in: dialect)
            arguments["ids"] = .array([JSONValue(id)])
            return arguments
        }
    }
}
