import RemissionModel
import RemissionRPC

/// A per-torrent setting `remission set` changes (`torrent-set`), in the order they are shown.
public enum TorrentSetting: String, Sendable, Equatable, CaseIterable {
    case labels, downloadLimit, uploadLimit, honorsSessionLimits, bandwidthPriority, seedRatio, seedIdle, peerLimit
    case sequentialDownload, group

    /// The option of `remission set` that changes it.
    public var option: String {
        switch self {
        case .labels: "--label"
        case .downloadLimit: "--down-limit"
        case .uploadLimit: "--up-limit"
        case .honorsSessionLimits: "--honor-session"
        case .bandwidthPriority: "--bandwidth-priority"
        case .seedRatio: "--seed-ratio"
        case .seedIdle: "--seed-idle"
        case .peerLimit: "--peer-limit"
        case .sequentialDownload: "--sequential"
        case .group: "--group"
        }
    }

    /// The oldest rpc-version that has it, and that Transmission's version: `labels` came with 3.00
    /// (16), bandwidth groups with 4.0 (17), `sequential_download` with 4.1 (18).
    public var needs: (rpcVersion: Int, transmission: String)? {
        switch self {
        case .labels: (16, "3.00")
        case .group: (17, "4.0")
        case .sequentialDownload: (18, "4.1")
        default: nil
        }
    }

    /// Whether a server of `rpcVersion` has it.
    public func isSupported(rpcVersion: Int) -> Bool { rpcVersion >= (needs?.rpcVersion ?? 0) }

    /// The `torrent-get` fields that hold its value.
    var fields: [TorrentField] {
        switch self {
        case .labels: [.labels]
        case .downloadLimit: [.downloadLimit, .downloadLimited]
        case .uploadLimit: [.uploadLimit, .uploadLimited]
        case .honorsSessionLimits: [.honorsSessionLimits]
        case .bandwidthPriority: [.bandwidthPriority]
        case .seedRatio: [.seedRatioLimit, .seedRatioMode]
        case .seedIdle: [.seedIdleLimit, .seedIdleMode]
        case .peerLimit: [.peerLimit]
        case .sequentialDownload: [.sequentialDownload]
        case .group: [.group]
        }
    }

    /// The fields of every setting a server of `rpcVersion` has.
    public static func fields(rpcVersion: Int) -> [TorrentField] {
        allCases.filter { $0.isSupported(rpcVersion: rpcVersion) }.flatMap(\.fields)
    }
}

/// A speed limit in kB/s (k = 1000), or none.
public enum SpeedLimitSetting: Sendable, Equatable {
    case limited(kBps: Int)
    case unlimited
}

/// A seeding limit (ratio or idle minutes): this torrent's own, the session's, or none.
public enum SeedLimitSetting<Value: Sendable & Equatable>: Sendable, Equatable {
    case limit(Value)
    case global
    case unlimited

    /// Transmission's `seedRatioMode` / `seedIdleMode`: 0 global, 1 this torrent's limit, 2 unlimited.
    var mode: Int {
        switch self {
        case .global: 0
        case .limit: 1
        case .unlimited: 2
        }
    }
}

/// How `set` changes labels: replaced (`--label`, `--no-labels`: an empty list), or edited
/// (`--add-label`, `--remove-label`), which reads each torrent's labels first.
public enum LabelChange: Sendable, Equatable {
    case replace([String])
    case edit(add: [String], remove: [String])

    /// `labels` after this change, in their order, each once.
    public func applied(to labels: [String]) -> [String] {
        var result: [String] = []
        switch self {
        case .replace(let new):
            for label in new where !result.contains(label) { result.append(label) }
        case .edit(let add, let remove):
            for label in labels + add where !remove.contains(label) && !result.contains(label) { result.append(label) }
        }
        return result
    }
}

/// What `remission set` asks to change; nil leaves a setting as it is.
public struct TorrentSettingsRequest: Sendable, Equatable {
    public var labels: LabelChange?
    public var downloadLimit: SpeedLimitSetting?
    public var uploadLimit: SpeedLimitSetting?
    public var honorsSessionLimits: Bool?
    public var bandwidthPriority: FilePriority?
    public var seedRatio: SeedLimitSetting<Double>?
    /// Minutes.
    public var seedIdle: SeedLimitSetting<Int>?
    public var peerLimit: Int?
    public var sequentialDownload: Bool?
    /// A bandwidth group's name; "" for none.
    public var group: String?

    public init() {}

    /// The settings asked for, in `TorrentSetting` order.
    public var settings: [TorrentSetting] {
        TorrentSetting.allCases.filter { setting in
            switch setting {
            case .labels: labels != nil
            case .downloadLimit: downloadLimit != nil
            case .uploadLimit: uploadLimit != nil
            case .honorsSessionLimits: honorsSessionLimits != nil
            case .bandwidthPriority: bandwidthPriority != nil
            case .seedRatio: seedRatio != nil
            case .seedIdle: seedIdle != nil
            case .peerLimit: peerLimit != nil
            case .sequentialDownload: sequentialDownload != nil
            case .group: group != nil
            }
        }
    }

    public var isEmpty: Bool { settings.isEmpty }

    /// The first setting asked for that a server of `rpcVersion` lacks.
    public func unsupported(rpcVersion: Int) -> TorrentSetting? {
        settings.first { !$0.isSupported(rpcVersion: rpcVersion) }
    }

    /// The `torrent-set` for a torrent that has `labels` now.
    public func changes(currentLabels labels: [String]) -> TorrentChanges {
        var changes = TorrentChanges()
        changes.labels = self.labels?.applied(to: labels)
        switch downloadLimit {
        case .limited(let kBps)?: (changes.downloadLimit, changes.downloadLimited) = (kBps, true)
        case .unlimited?: changes.downloadLimited = false
        case nil: break
        }
        switch uploadLimit {
        case .limited(let kBps)?: (changes.uploadLimit, changes.uploadLimited) = (kBps, true)
        case .unlimited?: changes.uploadLimited = false
        case nil: break
        }
        changes.honorsSessionLimits = honorsSessionLimits
        changes.bandwidthPriority = bandwidthPriority
        if let seedRatio {
            changes.seedRatioMode = seedRatio.mode
            if case .limit(let ratio) = seedRatio { changes.seedRatioLimit = ratio }
        }
        if let seedIdle {
            changes.seedIdleMode = seedIdle.mode
            if case .limit(let minutes) = seedIdle { changes.seedIdleLimit = minutes }
        }
        changes.peerLimit = peerLimit
        changes.sequentialDownload = sequentialDownload
        changes.group = group
        return changes
    }

    /// One `torrent-set` per distinct change, torrents in their order: one for all of them unless
    /// labels are edited, which may give each torrent its own list.
    public func plan(for torrents: [Torrent]) -> [(ids: [Int], changes: TorrentChanges)] {
        var plan: [(ids: [Int], changes: TorrentChanges)] = []
        for torrent in torrents {
            let changes = changes(currentLabels: torrent.labels)
            if let index = plan.firstIndex(where: { $0.changes == changes }) {
                plan[index].ids.append(torrent.id)
            } else {
                plan.append(([torrent.id], changes))
            }
        }
        return plan
    }
}
