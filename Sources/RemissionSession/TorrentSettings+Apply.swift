import RemissionModel
import RemissionRPC

/// One setting of one torrent as the daemon reports it, in the form it takes effect: a limit that is
/// off is `unlimited` whatever number is kept beside it; a seeding limit in global mode is `global`.
public enum TorrentSettingValue: Sendable, Equatable {
    case labels([String])
    case speed(SpeedLimitSetting)
    case flag(Bool)
    case priority(FilePriority)
    case ratio(SeedLimitSetting<Double>)
    case minutes(SeedLimitSetting<Int>)
    case count(Int)
    /// A bandwidth group; "" for none.
    case group(String)
}

extension Torrent {
    /// The value of `setting` read from this torrent's fields; nil when they were not fetched.
    public func value(of setting: TorrentSetting) -> TorrentSettingValue? {
        func speed(_ kBps: Int?, _ limited: Bool?) -> TorrentSettingValue? {
            guard let limited else { return nil }
            return .speed(limited ? .limited(kBps: kBps ?? 0) : .unlimited)
        }
        func seed<Value>(_ mode: Int?, _ limit: Value?) -> SeedLimitSetting<Value>? {
            switch mode {
            case 0?: return .global
            case 1?: return limit.map { .limit($0) }
            case 2?: return .unlimited
            default: return nil
            }
        }
        switch setting {
        case .labels: return .labels(labels)
        case .downloadLimit: return speed(self.downloadLimit, self.downloadLimited)
        case .uploadLimit: return speed(self.uploadLimit, self.uploadLimited)
        case .honorsSessionLimits: return self.honorsSessionLimits.map(TorrentSettingValue.flag)
        case .bandwidthPriority: return .priority(self.bandwidthPriority ?? .normal)
        case .seedRatio: return seed(self.seedRatioMode, self.seedRatioLimit).map(TorrentSettingValue.ratio)
        case .seedIdle: return seed(self.seedIdleMode, self.seedIdleLimit).map(TorrentSettingValue.minutes)
        case .peerLimit: return self.peerLimit.map(TorrentSettingValue.count)
        case .sequentialDownload: return self.sequentialDownload.map(TorrentSettingValue.flag)
        case .group: return self.group.map(TorrentSettingValue.group)
        }
    }
}

/// What `set` did to one torrent: its settings before and after, as read back from the daemon.
public struct TorrentSettingsResult: Sendable, Equatable {
    public var before: Torrent
    public var after: Torrent
    /// The settings the server has (by its rpc-version), in `TorrentSetting` order.
    public var settings: [TorrentSetting]
    /// The settings asked for.
    public var requested: [TorrentSetting]

    public init(before: Torrent, after: Torrent, settings: [TorrentSetting], requested: [TorrentSetting]) {
        (self.before, self.after, self.settings, self.requested) = (before, after, settings, requested)
    }

    /// The requested settings whose value differs now; a torrent already set so has none.
    public var changed: [TorrentSetting] {
        requested.filter { after.value(of: $0) != before.value(of: $0) }
    }
}

/// `remission set`: checks the server has every setting asked for, looks the torrents up (with their
/// labels, which `--add-label`/`--remove-label` edit), sends the `torrent-set`s, and reads the
/// settings back.
public enum TorrentSettings {
    /// The rpc-version of the session's server, asking for it when not known yet; a setting the
    /// server lacks fails here (exit 6), before anything is looked up or changed.
    public static func check(_ request: TorrentSettingsRequest, session: RemoteSession) throws(Failure) -> Int {
        let (rpcVersion, version) = try session.run { client throws(RPCError) -> (Int, String?) in
            let rpcVersion = try client.knownRPCVersion()
            // The server's version text only to word a refusal.
            guard request.unsupported(rpcVersion: rpcVersion) != nil else { return (rpcVersion, nil) }
            return (rpcVersion, try client.knownServerVersion())
        }
        if let setting = request.unsupported(rpcVersion: rpcVersion), let needs = setting.needs {
            let need = NewerServerNeed(
                feature: setting.option, transmission: needs.transmission, rpcVersion: needs.rpcVersion,
                found: rpcVersion, serverVersion: version)
            throw Failure(.needsNewerServer(need), server: session.target.label)
        }
        return rpcVersion
    }

    /// The torrents with the fields of every setting the server has (for the report and `--json`).
    public static func lookup(
        _ selection: TorrentSelection, rpcVersion: Int, session: RemoteSession
    ) throws(Failure) -> TorrentLookup {
        try session.run { client throws(RPCError) in
            try TorrentLookup.find(selection, fields: TorrentSetting.fields(rpcVersion: rpcVersion), client: client)
        }
    }

    /// Sends the changes to the torrents `lookup` found and reads them back, in the order found.
    /// `all` with one change for every torrent is sent as `all`, as `start all` is (Transmission 3.00
    /// scans every torrent for each id listed).
    public static func apply(
        _ request: TorrentSettingsRequest, to lookup: TorrentLookup, requested selection: TorrentSelection,
        rpcVersion: Int, session: RemoteSession
    ) throws(Failure) -> [TorrentSettingsResult] {
        let found = lookup.found
        let fields = [TorrentField.id, .hashString, .name] + TorrentSetting.fields(rpcVersion: rpcVersion)
        let plan = request.plan(for: found)
        let reread = try session.run { client throws(RPCError) -> [Torrent] in
            if plan.count == 1, let only = plan.first {
                try client.torrentSet(lookup.actionSelection(for: selection), only.changes)
            } else {
                for step in plan { try client.torrentSet(.torrents(step.ids.map(TorrentReference.id)), step.changes) }
            }
            return try client.torrentGet(ids: lookup.actionSelection(for: selection), fields: fields, format: .table)
        }
        var byID: [Int: Torrent] = [:]
        for torrent in reread { byID[torrent.id] = torrent }
        let settings = TorrentSetting.allCases.filter { $0.isSupported(rpcVersion: rpcVersion) }
        return found.map { before in
            TorrentSettingsResult(
                before: before, after: byID[before.id] ?? before, settings: settings, requested: request.settings)
        }
    }
}
