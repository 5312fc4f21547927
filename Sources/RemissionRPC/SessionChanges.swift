import RemissionModel

/// Settings to change with `session-set`; nil means leave as is. Speeds in kB/s (k = 1000),
/// alt-speed times in minutes after midnight, `altSpeedTimeDay` a bitmask with Sunday = 1.
public struct SessionChanges: Sendable, Equatable {
    public var downloadDir: String?
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
    public var cacheSizeMB: Int?
    public var blocklistEnabled: Bool?
    public var blocklistUrl: String?
    public var scriptTorrentDoneEnabled: Bool?
    public var scriptTorrentDoneFilename: String?
    public var trashOriginalTorrentFiles: Bool?

    public init() {}

    public var isEmpty: Bool { members(in: .classic).isEmpty }

    /// The `session-set` arguments in `dialect`'s spelling, in declaration order.
    public func arguments(in dialect: RPCDialect) -> JSONObject {
        JSONObject(members(in: dialect).map { (field, value) in (field.name(in: dialect), value) })
    }

    private func members(in dialect: RPCDialect) -> [(SessionField, JSONValue)] {
        var result: [(SessionField, JSONValue)] = []
        func add(_ field: SessionField, _ value: String?) { if let value { result.append((field, .string(value))) } }
        func add(_ field: SessionField, _ value: Int?) { if let value { result.append((field, JSONValue(value))) } }
        func add(_ field: SessionField, _ value: Bool?) { if let value { result.append((field, .bool(value))) } }
        func add(_ field: SessionField, _ value: Double?) { if let value { result.append((field, .double(value))) } }
        add(.downloadDir, downloadDir)
        add(.incompleteDir, incompleteDir)
        add(.incompleteDirEnabled, incompleteDirEnabled)
        add(.startAddedTorrents, startAddedTorrents)
        add(.renamePartialFiles, renamePartialFiles)
        add(.speedLimitDown, speedLimitDown)
        add(.speedLimitDownEnabled, speedLimitDownEnabled)
        add(.speedLimitUp, speedLimitUp)
        add(.speedLimitUpEnabled, speedLimitUpEnabled)
        add(.altSpeedDown, altSpeedDown)
        add(.altSpeedUp, altSpeedUp)
        add(.altSpeedEnabled, altSpeedEnabled)
        add(.altSpeedTimeEnabled, altSpeedTimeEnabled)
        add(.altSpeedTimeBegin, altSpeedTimeBegin)
        add(.altSpeedTimeEnd, altSpeedTimeEnd)
        add(.altSpeedTimeDay, altSpeedTimeDay)
        add(.peerPort, peerPort)
        add(.peerPortRandomOnStart, peerPortRandomOnStart)
        add(.portForwardingEnabled, portForwardingEnabled)
        add(.peerLimitGlobal, peerLimitGlobal)
        add(.peerLimitPerTorrent, peerLimitPerTorrent)
        add(.encryption, encryption?.wireValue(in: dialect))
        add(.dhtEnabled, dhtEnabled)
        add(.pexEnabled, pexEnabled)
        add(.lpdEnabled, lpdEnabled)
        add(.utpEnabled, utpEnabled)
        add(.seedRatioLimit, seedRatioLimit)
        add(.seedRatioLimited, seedRatioLimited)
        add(.idleSeedingLimit, idleSeedingLimit)
        add(.idleSeedingLimitEnabled, idleSeedingLimitEnabled)
        add(.downloadQueueEnabled, downloadQueueEnabled)
        add(.downloadQueueSize, downloadQueueSize)
        add(.seedQueueEnabled, seedQueueEnabled)
        add(.seedQueueSize, seedQueueSize)
        add(.queueStalledEnabled, queueStalledEnabled)
        add(.queueStalledMinutes, queueStalledMinutes)
        add(.cacheSizeMB, cacheSizeMB)
        add(.blocklistEnabled, blocklistEnabled)
        add(.blocklistUrl, blocklistUrl)
        add(.scriptTorrentDoneEnabled, scriptTorrentDoneEnabled)
        add(.scriptTorrentDoneFilename, scriptTorrentDoneFilename)
        add(.trashOriginalTorrentFiles, trashOriginalTorrentFiles)
        return result
    }
}
