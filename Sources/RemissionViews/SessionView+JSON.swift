import RemissionModel

extension SessionView {
    /// `session --json`: `{"version","rpcVersion","downloadDir","downloadDirFreeBytes",
    /// "incompleteDir":{"path","enabled"},"speedLimitDown":{"kBps","enabled"},"speedLimitUp":{…},
    /// "altSpeed":{"enabled","downKBps","upKBps"},"altSchedule":{"enabled","begin","end","days"},
    /// "peerPort","randomPort","portForwarding","encryption","dht","pex","lpd","utp",
    /// "peerLimitGlobal","peerLimitPerTorrent","downloadQueue":{"size","enabled"},"seedQueue":{…},
    /// "stalled":{"minutes","enabled"},"seedRatio":{"limit","enabled"},"seedIdle":{"minutes","enabled"},
    /// "startAdded","renamePartial","trashTorrent","doneScript":{"path","enabled"},"cacheMB",
    /// "blocklist":{"enabled","url","rules"}}`; times `HH:MM`, days `["mon",…]`; unknown values are null.
    public func jsonValue() -> JSONValue {
        func int(_ value: Int?) -> JSONValue { value.map { JSONValue($0) } ?? .null }
        func bool(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }
        func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        func time(_ minutes: Int?) -> JSONValue { minutes.map { .string(TimeOfDay.text($0)) } ?? .null }
        let days = info.altSpeedTimeDay.map { JSONValue(AltSpeedDay.days(in: $0).map(\.key)) } ?? .null
        let object: JSONObject = [
            "version": string(info.version),
            "rpcVersion": int(info.rpcVersion),
            "downloadDir": string(info.downloadDir),
            "downloadDirFreeBytes": int(freeSpace),
            "incompleteDir": ["path": string(info.incompleteDir), "enabled": bool(info.incompleteDirEnabled)],
            "speedLimitDown": ["kBps": int(info.speedLimitDown), "enabled": bool(info.speedLimitDownEnabled)],
            "speedLimitUp": ["kBps": int(info.speedLimitUp), "enabled": bool(info.speedLimitUpEnabled)],
            "altSpeed": [
                "enabled": bool(info.altSpeedEnabled), "downKBps": int(info.altSpeedDown),
                "upKBps": int(info.altSpeedUp),
            ],
            "altSchedule": [
                "enabled": bool(info.altSpeedTimeEnabled), "begin": time(info.altSpeedTimeBegin),
                "end": time(info.altSpeedTimeEnd), "days": days,
            ],
            "peerPort": int(info.peerPort),
            "randomPort": bool(info.peerPortRandomOnStart),
            "portForwarding": bool(info.portForwardingEnabled),
            "encryption": string(info.encryption?.rawValue),
            "dht": bool(info.dhtEnabled),
            "pex": bool(info.pexEnabled),
            "lpd": bool(info.lpdEnabled),
            "utp": bool(info.utpEnabled),
            "peerLimitGlobal": int(info.peerLimitGlobal),
            "peerLimitPerTorrent": int(info.peerLimitPerTorrent),
            "downloadQueue": ["size": int(info.downloadQueueSize), "enabled": bool(info.downloadQueueEnabled)],
            "seedQueue": ["size": int(info.seedQueueSize), "enabled": bool(info.seedQueueEnabled)],
            "stalled": ["minutes": int(info.queueStalledMinutes), "enabled": bool(info.queueStalledEnabled)],
            "seedRatio": [
                "limit": info.seedRatioLimit.map { .double($0) } ?? .null, "enabled": bool(info.seedRatioLimited),
            ],
            "seedIdle": ["minutes": int(info.idleSeedingLimit), "enabled": bool(info.idleSeedingLimitEnabled)],
            "startAdded": bool(info.startAddedTorrents),
            "renamePartial": bool(info.renamePartialFiles),
            "trashTorrent": bool(info.trashOriginalTorrentFiles),
            "doneScript": [
                "path": string(info.scriptTorrentDoneFilename), "enabled": bool(info.scriptTorrentDoneEnabled),
            ],
            "cacheMB": int(info.cacheSizeMB),
            "blocklist": [
                "enabled": bool(info.blocklistEnabled), "url": string(info.blocklistUrl),
                "rules": int(info.blocklistSize),
            ],
        ]
        return .object(object)
    }
}
