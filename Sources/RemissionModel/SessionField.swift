/// A `session-get` / `session-set` key that `SessionInfo` decodes, named by its classic spelling
/// (kebab-case, except the camelCase `seedRatioLimit` and `seedRatioLimited`).
public enum SessionField: String, Sendable, Hashable, CaseIterable {
    case version
    case rpcVersion = "rpc-version"
    case rpcVersionMinimum = "rpc-version-minimum"
    case rpcVersionSemver = "rpc-version-semver"
    case sessionId = "session-id"
    case configDir = "config-dir"
    case downloadDir = "download-dir"
    case downloadDirFreeSpace = "download-dir-free-space"
    case incompleteDir = "incomplete-dir"
    case incompleteDirEnabled = "incomplete-dir-enabled"
    case startAddedTorrents = "start-added-torrents"
    case renamePartialFiles = "rename-partial-files"
    case speedLimitDown = "speed-limit-down"
    case speedLimitDownEnabled = "speed-limit-down-enabled"
    case speedLimitUp = "speed-limit-up"
    case speedLimitUpEnabled = "speed-limit-up-enabled"
    case altSpeedDown = "alt-speed-down"
    case altSpeedUp = "alt-speed-up"
    case altSpeedEnabled = "alt-speed-enabled"
    case altSpeedTimeEnabled = "alt-speed-time-enabled"
    case altSpeedTimeBegin = "alt-speed-time-begin"
    case altSpeedTimeEnd = "alt-speed-time-end"
    case altSpeedTimeDay = "alt-speed-time-day"
    case peerPort = "peer-port"
    case peerPortRandomOnStart = "peer-port-random-on-start"
    case portForwardingEnabled = "port-forwarding-enabled"
    case peerLimitGlobal = "peer-limit-global"
    case peerLimitPerTorrent = "peer-limit-per-torrent"
    case encryption
    case dhtEnabled = "dht-enabled"
    case pexEnabled = "pex-enabled"
    case lpdEnabled = "lpd-enabled"
    case utpEnabled = "utp-enabled"
    case seedRatioLimit
    case seedRatioLimited
    case idleSeedingLimit = "idle-seeding-limit"
    case idleSeedingLimitEnabled = "idle-seeding-limit-enabled"
    case downloadQueueEnabled = "download-queue-enabled"
    case downloadQueueSize = "download-queue-size"
    case seedQueueEnabled = "seed-queue-enabled"
    case seedQueueSize = "seed-queue-size"
    case queueStalledEnabled = "queue-stalled-enabled"
    case queueStalledMinutes = "queue-stalled-minutes"
    case blocklistEnabled = "blocklist-enabled"
    case blocklistSize = "blocklist-size"
    case blocklistUrl = "blocklist-url"
    case cacheSizeMB = "cache-size-mb"
    case scriptTorrentDoneEnabled = "script-torrent-done-enabled"
    case scriptTorrentDoneFilename = "script-torrent-done-filename"
    case trashOriginalTorrentFiles = "trash-original-torrent-files"

    /// The key as `dialect` spells it.
    public func name(in dialect: RPCDialect) -> String { dialect.spell(rawValue) }

    /// The field for a key in either spelling; nil if unknown.
    public init?(wireName: String) {
        guard let field = Self.byWireName[wireName] else { return nil }
        self = field
    }

    private static let byWireName: [String: SessionField] = {
        var table: [String: SessionField] = [:]
        for field in allCases {
            table[field.rawValue] = field
            table[field.name(in: .jsonRPC)] = field
        }
        return table
    }()

    /// What the version check needs: small enough to be cheap on every `check`.
    public static let versionInfo: [SessionField] = [.version, .rpcVersion, .rpcVersionMinimum, .rpcVersionSemver]
}
