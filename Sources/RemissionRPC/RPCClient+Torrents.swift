import RemissionModel

/// How `torrent-get` lays out its reply.
public enum TorrentListFormat: String, Sendable, Equatable {
    /// One object per torrent, keys repeated in each.
    case objects
    /// A header row of field names, then one array per torrent: much smaller for long lists
    /// (rpc-version 16+; older servers answer with objects, which are decoded as well).
    case table
}

/// What to add with `torrent-add`.
public enum TorrentSource: Sendable, Equatable {
    /// The contents of a .torrent file, sent base64-encoded.
    case metainfo([UInt8])
    /// A magnet link, an http(s) URL the daemon downloads, or a path on the daemon's machine.
    case filename(String)
}

/// The outcome of `torrent-add`. A duplicate is not an error: Transmission says "success" and
/// names the torrent it already has.
public enum TorrentAddResult: Sendable, Equatable {
    case added(id: Int, name: String, hash: String)
    case duplicate(id: Int, name: String, hash: String)
}

/// A `torrent-get` list and, when the server answered in table format, its columns (`header`, as
/// the server spelled them) and its rows as received (`received`, opaque: for the snapshot store).
public struct TorrentList: Sendable, Equatable {
    public var torrents: [Torrent]
    public var header: [String]?
    public var received: ReceivedRows?

    public init(torrents: [Torrent], header: [String]? = nil, received: ReceivedRows? = nil) {
        self.torrents = torrents
        self.header = header
        self.received = received
    }
}

/// Torrents that changed recently, and ids removed meanwhile (`ids: "recently-active"`).
public struct RecentChanges: Sendable, Equatable {
    public var torrents: [Torrent]
    /// The ids the daemon removed within its window; nil when the reply had no `removed` array of
    /// integers (every Transmission sends one with `recently-active`).
    public var removedIds: [Int]?
    /// The columns of a table-format reply, as the server spelled them; nil in object format.
    public var header: [String]?

    public init(torrents: [Torrent], removedIds: [Int]?, header: [String]? = nil) {
        self.torrents = torrents
        self.removedIds = removedIds
        self.header = header
    }
}

extension RPCClient {
    /// `torrent-get` for the given torrents and fields. Use `.table` and only the needed fields for
    /// long lists (`TorrentField.list`).
    public func torrentGet(
        ids: TorrentSelection = .all, fields: [TorrentField] = TorrentField.list, format: TorrentListFormat = .table
    ) throws(RPCError) -> [Torrent] {
        try torrentGetReply(ids: ids, fields: fields, format: format).list.torrents
    }

    /// `torrent-get` like `torrentGet`, also giving the rows as received (for snapshots).
    public func torrentList(
        ids: TorrentSelection = .all, fields: [TorrentField], format: TorrentListFormat = .table
    ) throws(RPCError) -> TorrentList {
        try torrentGetReply(ids: ids, fields: fields, format: format).list
    }

    /// `torrent-get` with `ids: "recently-active"`: what changed in the last minute, for live views.
    public func torrentGetRecentlyActive(
        fields: [TorrentField] = TorrentField.list, format: TorrentListFormat = .table
    ) throws(RPCError) -> RecentChanges {
        let reply = try torrentGetReply(ids: .recentlyActive, fields: fields, format: format)
        var removed: [Int]? = nil
        if let values = reply.removed?.array {
            let ids = values.compactMap(\.int)
            if ids.count == values.count { removed = ids }
        }
        return RecentChanges(torrents: reply.list.torrents, removedIds: removed, header: reply.list.header)
    }

    private func torrentGetReply(
        ids: TorrentSelection, fields: [TorrentField], format: TorrentListFormat
    ) throws(RPCError) -> (list: TorrentList, removed: JSONValue?) {
        let arguments = { (dialect: RPCDialect) -> JSONObject in
            var arguments = JSONObject()
            arguments["fields"] = JSONValue(fields.map { $0.name(in: dialect) })
            if let idsValue = ids.idsValue(in: dialect) { arguments["ids"] = idsValue }
            if format == .table { arguments["format"] = "table" }
            return arguments
        }
        // The torrents are decoded while the reply is parsed, without its JSON tree.
        return try perform(.torrentGet, arguments: arguments) {
            (body: [UInt8]?) throws(RPCError) -> (list: TorrentList, removed: JSONValue?) in
            let missing = RPCError.malformed(detail: "torrent-get did not return 'torrents'", offset: nil)
            guard let body else { throw missing }  // 204: no payload
            let reply = try RPCEnvelope.parseTorrentReply(body)
            logReply(.torrentGet, reply: reply.shape)
            let (payload, key) = try RPCEnvelope.payload(of: reply.envelope)
            guard let list = payload["torrents"] else { throw missing }
            do throws(DecodingFailure) {
                let torrents = try reply.torrents(list, in: key)
                guard let key, let table = reply.decoded[key]?.table else {
                    return (TorrentList(torrents: torrents), payload["removed"])
                }
                let list = TorrentList(
                    torrents: torrents, header: table.header, received: ReceivedRows(table, in: body))
                return (list, payload["removed"])
            } catch {
                throw .malformed(detail: error.detail, offset: nil)
            }
        }
    }

    /// `torrent-add`. Labels are sent with the request (honoured from rpc-version 17) and, unless
    /// the server is known to be that new, set again with `torrent-set` on the added torrent.
    /// `filesUnwanted`: the files not to download, by index, applied as the torrent is created (the
    /// daemon ignores them for a magnet link, whose files it does not know yet).
    public func torrentAdd(
        _ source: TorrentSource, downloadDir: String? = nil, paused: Bool? = nil, labels: [String] = [],
        filesUnwanted: [Int] = []
    ) throws(RPCError) -> TorrentAddResult {
        let reply = try perform(.torrentAdd) { dialect in
            var arguments = JSONObject()
            switch source {
            case .metainfo(let bytes): arguments["metainfo"] = .string(Base64.encode(bytes))
            case .filename(let name): arguments["filename"] = .string(name)
            }
            if let downloadDir { arguments[dialect.spell("download-dir")] = .string(downloadDir) }
            if let paused { arguments["paused"] = .bool(paused) }
            if !labels.isEmpty { arguments["labels"] = JSONValue(labels) }
            if !filesUnwanted.isEmpty { arguments[dialect.spell("files-unwanted")] = JSONValue(filesUnwanted) }
            return arguments
        }
        let result = try Self.addResult(from: reply)
        if case .added(let id, _, _) = result, !labels.isEmpty, (rpcVersion ?? 0) < 17 {
            var changes = TorrentChanges()
            changes.labels = labels
            try torrentSet(.id(id), changes)
        }
        return result
    }

    static func addResult(from reply: JSONObject) throws(RPCError) -> TorrentAddResult {
        func identity(_ value: JSONValue) -> (Int, String, String) {
            (value[rpc: "id"]?.int ?? 0, value[rpc: "name"]?.string ?? "", value[rpc: "hashString"]?.string ?? "")
        }
        if let added = reply[rpc: "torrent-added"]?.object {
            let (id, name, hash) = identity(.object(added))
            return .added(id: id, name: name, hash: hash)
        }
        if let duplicate = reply[rpc: "torrent-duplicate"]?.object {
            let (id, name, hash) = identity(.object(duplicate))
            return .duplicate(id: id, name: name, hash: hash)
        }
        throw .malformed(detail: "torrent-add returned neither torrent-added nor torrent-duplicate", offset: nil)
    }

    /// `torrent-start`, or `torrent-start-now` (skipping the queue) when `now` is true.
    public func torrentStart(_ ids: TorrentSelection, now: Bool = false) throws(RPCError) {
        try action(now ? .torrentStartNow : .torrentStart, ids)
    }

    public func torrentStop(_ ids: TorrentSelection) throws(RPCError) {
        try action(.torrentStop, ids)
    }

    public func torrentVerify(_ ids: TorrentSelection) throws(RPCError) {
        try action(.torrentVerify, ids)
    }

    public func torrentReannounce(_ ids: TorrentSelection) throws(RPCError) {
        try action(.torrentReannounce, ids)
    }

    /// `torrent-remove`; with `deleteLocalData` the downloaded files are deleted too.
    /// - Warning: `.all` removes every torrent: Transmission reads a missing `ids` as all.
    public func torrentRemove(_ ids: TorrentSelection, deleteLocalData: Bool) throws(RPCError) {
        _ = try perform(.torrentRemove) { dialect in
            var arguments = Self.idsArguments(ids, dialect)
            arguments[dialect.spell("delete-local-data")] = .bool(deleteLocalData)
            return arguments
        }
    }

    /// `torrent-set`. Does nothing when `changes` is empty.
    public func torrentSet(_ ids: TorrentSelection, _ changes: TorrentChanges) throws(RPCError) {
        guard !changes.isEmpty else { return }
        _ = try perform(.torrentSet) { dialect in
            var arguments = Self.idsArguments(ids, dialect)
            for (key, value) in changes.arguments(in: dialect) { arguments[key] = value }
            return arguments
        }
    }

    private func action(_ method: RPCMethod, _ ids: TorrentSelection) throws(RPCError) {
        _ = try perform(method) { dialect in Self.idsArguments(ids, dialect) }
    }

    private static func idsArguments(_ ids: TorrentSelection, _ dialect: RPCDialect) -> JSONObject {
        var arguments = JSONObject()
        if let value = ids.idsValue(in: dialect) { arguments["ids"] = value }
        return arguments
    }
}
