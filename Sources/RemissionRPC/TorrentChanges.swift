import RemissionModel

/// Per-torrent settings to change with `torrent-set`; nil means leave as is.
/// File indexes are 0-based positions in the torrent's `files`. Speeds in kB/s (k = 1000).
public struct TorrentChanges: Sendable, Equatable {
    public var filesWanted: [Int]?
    public var filesUnwanted: [Int]?
    public var priorityHigh: [Int]?
    public var priorityNormal: [Int]?
    public var priorityLow: [Int]?
    /// Replaces all labels (rpc-version 16+); labels must not contain commas.
    public var labels: [String]?
    public var downloadLimit: Int?
    public var downloadLimited: Bool?
    public var uploadLimit: Int?
    public var uploadLimited: Bool?
    public var honorsSessionLimits: Bool?
    public var bandwidthPriority: FilePriority?
    public var peerLimit: Int?
    public var queuePosition: Int?
    public var seedRatioLimit: Double?
    /// 0 global setting, 1 this torrent's limit, 2 unlimited.
    public var seedRatioMode: Int?
    /// Minutes.
    public var seedIdleLimit: Int?
    public var seedIdleMode: Int?
    /// Where the torrent's data is; this does not move files (use `torrent-set-location` for that).
    public var location: String?
    /// The bandwidth group, "" for none (rpc-version 17+).
    public var group: String?
    /// Download pieces in order (rpc-version 18+: `sequential_download`).
    public var sequentialDownload: Bool?

    public init() {}

    public var isEmpty: Bool { members.isEmpty }

    /// The `torrent-set` arguments (without `ids`) in `dialect`'s spelling.
    public func arguments(in dialect: RPCDialect) -> JSONObject {
        JSONObject(members.map { (name, value) in (dialect.spell(name), value) })
    }

    /// Classic names: the file and priority lists are kebab-case, the rest camelCase.
    private var members: [(String, JSONValue)] {
        var result: [(String, JSONValue)] = []
        func add(_ name: String, _ value: JSONValue?) { if let value { result.append((name, value)) } }
        add("files-wanted", filesWanted.map(JSONValue.init))
        add("files-unwanted", filesUnwanted.map(JSONValue.init))
        add("priority-high", priorityHigh.map(JSONValue.init))
        add("priority-normal", priorityNormal.map(JSONValue.init))
        add("priority-low", priorityLow.map(JSONValue.init))
        add("labels", labels.map(JSONValue.init))
        add("downloadLimit", downloadLimit.map(JSONValue.init))
        add("downloadLimited", downloadLimited.map(JSONValue.bool))
        add("uploadLimit", uploadLimit.map(JSONValue.init))
        add("uploadLimited", uploadLimited.map(JSONValue.bool))
        add("honorsSessionLimits", honorsSessionLimits.map(JSONValue.bool))
        add("bandwidthPriority", bandwidthPriority.map { JSONValue($0.rawValue) })
        add("peer-limit", peerLimit.map(JSONValue.init))
        add("queuePosition", queuePosition.map(JSONValue.init))
        add("seedRatioLimit", seedRatioLimit.map(JSONValue.double))
        add("seedRatioMode", seedRatioMode.map(JSONValue.init))
        add("seedIdleLimit", seedIdleLimit.map(JSONValue.init))
        add("seedIdleMode", seedIdleMode.map(JSONValue.init))
        add("location", location.map(JSONValue.string))
        add("group", group.map(JSONValue.string))
        add("sequentialDownload", sequentialDownload.map(JSONValue.bool))
        return result
    }
}
