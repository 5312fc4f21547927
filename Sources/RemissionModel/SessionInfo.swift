/// Peer encryption policy (`encryption`).
public enum EncryptionMode: String, Sendable, Hashable, CaseIterable {
    case required
    case preferred
    /// "tolerated" in the classic RPC, "allowed" in JSON-RPC.
    case tolerated

    /// Accepts both spellings of `tolerated`.
    public init?(wireValue: String) {
        switch wireValue {
        case "required": self = .required
        case "preferred": self = .preferred
        case "tolerated", "allowed": self = .tolerated
        default: return nil
        }
    }

    public func wireValue(in dialect: RPCDialect) -> String {
        self == .tolerated && dialect == .jsonRPC ? "allowed" : rawValue
    }
}

/// What `session-get` reports. Fields the server did not send stay nil (older daemons lack some,
/// and `session-get` may have been asked for a subset).
///
/// Speed limits are in kB/s with k = 1000 (the daemon's `units`); alt-speed times are minutes after
/// midnight; `altSpeedTimeDay` is a bitmask with Sunday = 1.
public struct SessionInfo: Sendable, Equatable {
    public var version: String?
    public var rpcVersion: Int?
    public var rpcVersionMinimum: Int?
    /// Transmission 4.0+ only.
    public var rpcVersionSemver: String?
    public var sessionId: String?
    public var configDir: String?
    public var downloadDir: String?
    public var downloadDirFreeSpace: Int?
    public var incompleteDir: String?
    public var incompleteDirEnabled: Bool?
    public var startAddedTorrents: Bool?
    public var renamePartialFiles: Bool?
    public var speedLimitDown: Int?
    public var speedLimitDownEnabled: Bool?
    public var speedLimitUp: Int?
    public var speedLimitUpEnabled: Bool?
    public var altSpeedDown: Int?
    public var altSpeedUp: Int?
    public var altSpeedEnabled: Bool?
    public var altSpeedTimeEnabled: Bool?
    public var altSpeedTimeBegin: Int?
    public var altSpeedTimeEnd: Int?
    public var altSpeedTimeDay: Int?
    public var peerPort: Int?
    public var peerPortRandomOnStart: Bool?
    public var portForwardingEnabled: Bool?
    public var peerLimitGlobal: Int?
    public var peerLimitPerTorrent: Int?
    public var encryption: EncryptionMode?
    public var dhtEnabled: Bool?
    public var pexEnabled: Bool?
    public var lpdEnabled: Bool?
    public var utpEnabled: Bool?
    public var seedRatioLimit: Double?
    public var seedRatioLimited: Bool?
    public var idleSeedingLimit: Int?
    public var idleSeedingLimitEnabled: Bool?
    public var downloadQueueEnabled: Bool?
    public var downloadQueueSize: Int?
    public var seedQueueEnabled: Bool?
    public var seedQueueSize: Int?
    public var queueStalledEnabled: Bool?
    public var queueStalledMinutes: Int?
    public var blocklistEnabled: Bool?
    public var blocklistSize: Int?
    public var blocklistUrl: String?
    public var cacheSizeMB: Int?
    public var scriptTorrentDoneEnabled: Bool?
    public var scriptTorrentDoneFilename: String?
    public var trashOriginalTorrentFiles: Bool?

    public init() {}

    /// Decodes `session-get` arguments in classic (kebab-case, plus camelCase `seedRatioLimit`)
    /// or JSON-RPC (snake_case) naming; unknown keys are ignored, mistyped values left nil.
    public init(json: JSONObject) {
        self.init()
        for (key, value) in json {
            guard let field = SessionField(wireName: key) else { continue }
            set(field, from: value)
        }
    }

    /// Stores one field's value; a value of the wrong type leaves nil.
    public mutating func set(_ field: SessionField, from value: JSONValue) {
        switch field {
        case .version: version = value.string
        case .rpcVersion: rpcVersion = value.int
        case .rpcVersionMinimum: rpcVersionMinimum = value.int
        case .rpcVersionSemver: rpcVersionSemver = value.string
        case .sessionId: sessionId = value.string
        case .configDir: configDir = value.string
        case .downloadDir: downloadDir = value.string
        case .downloadDirFreeSpace: downloadDirFreeSpace = value.int
        case .incompleteDir: incompleteDir = value.string
        case .incompleteDirEnabled: incompleteDirEnabled = value.bool
        case .startAddedTorrents: startAddedTorrents = value.bool
        case .renamePartialFiles: renamePartialFiles = value.bool
        case .speedLimitDown: speedLimitDown = value.int
        case .speedLimitDownEnabled: speedLimitDownEnabled = value.bool
        case .speedLimitUp: speedLimitUp = value.int
        case .speedLimitUpEnabled: speedLimitUpEnabled = value.bool
        case .altSpeedDown: altSpeedDown = value.int
        case .altSpeedUp: altSpeedUp = value.int
        case .altSpeedEnabled: altSpeedEnabled = value.bool
        case .altSpeedTimeEnabled: altSpeedTimeEnabled = value.bool
        case .altSpeedTimeBegin: altSpeedTimeBegin = value.int
        case .altSpeedTimeEnd: altSpeedTimeEnd = value.int
        case .altSpeedTimeDay: altSpeedTimeDay = value.int
        case .peerPort: peerPort = value.int
        case .peerPortRandomOnStart: peerPortRandomOnStart = value.bool
        case .portForwardingEnabled: portForwardingEnabled = value.bool
        case .peerLimitGlobal: peerLimitGlobal = value.int
        case .peerLimitPerTorrent: peerLimitPerTorrent = value.int
        case .encryption: encryption = value.string.flatMap(EncryptionMode.init(wireValue:))
        case .dhtEnabled: dhtEnabled = value.bool
        case .pexEnabled: pexEnabled = value.bool
        case .lpdEnabled: lpdEnabled = value.bool
        case .utpEnabled: utpEnabled = value.bool
        case .seedRatioLimit: seedRatioLimit = value.double
        case .seedRatioLimited: seedRatioLimited = value.bool
        case .idleSeedingLimit: idleSeedingLimit = value.int
        case .idleSeedingLimitEnabled: idleSeedingLimitEnabled = value.bool
        case .downloadQueueEnabled: downloadQueueEnabled = value.bool
        case .downloadQueueSize: downloadQueueSize = value.int
        case .seedQueueEnabled: seedQueueEnabled = value.bool
        case .seedQueueSize: seedQueueSize = value.int
        case .queueStalledEnabled: queueStalledEnabled = value.bool
        case .queueStalledMinutes: queueStalledMinutes = value.int
        case .blocklistEnabled: blocklistEnabled = value.bool
        case .blocklistSize: blocklistSize = value.int
        case .blocklistUrl: blocklistUrl = value.string
        case .cacheSizeMB: cacheSizeMB = value.int
        case .scriptTorrentDoneEnabled: scriptTorrentDoneEnabled = value.bool
        case .scriptTorrentDoneFilename: scriptTorrentDoneFilename = value.string
        case .trashOriginalTorrentFiles: trashOriginalTorrentFiles = value.bool
        }
    }
}
