/// A torrent's activity, the `status` field (the numbering since rpc-version 14, Transmission 2.40).
public enum TorrentStatus: Sendable, Hashable, CustomStringConvertible {
    case stopped
    case checkWait
    case checking
    case downloadWait
    case downloading
    case seedWait
    case seeding
    /// A value this client does not know (a newer daemon); kept so nothing is lost.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .stopped
        case 1: self = .checkWait
        case 2: self = .checking
        case 3: self = .downloadWait
        case 4: self = .downloading
        case 5: self = .seedWait
        case 6: self = .seeding
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .stopped: return 0
        case .checkWait: return 1
        case .checking: return 2
        case .downloadWait: return 3
        case .downloading: return 4
        case .seedWait: return 5
        case .seeding: return 6
        case .unknown(let value): return value
        }
    }

    /// The label transmission-remote prints for the bare status (its `-l` refines Downloading and
    /// Seeding by the transfer rates, and Stopped by completion: see `Torrent.activityLabel`).
    public var label: String {
        switch self {
        case .stopped: return "Stopped"
        case .checkWait: return "Will Verify"
        case .checking: return "Verifying"
        case .downloadWait, .seedWait: return "Queued"
        case .downloading: return "Downloading"
        case .seeding: return "Seeding"
        case .unknown(let value): return "Unknown (\(value))"
        }
    }

    public var description: String { label }

    /// Downloading or waiting to download.
    public var isDownloading: Bool { self == .downloading || self == .downloadWait }
    /// Seeding or waiting to seed.
    public var isSeeding: Bool { self == .seeding || self == .seedWait }
    /// Verifying or waiting to verify.
    public var isChecking: Bool { self == .checking || self == .checkWait }
}

/// What the `error` field of a torrent says.
public enum TorrentErrorKind: Sendable, Hashable {
    case none
    case trackerWarning
    case trackerError
    case localError
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .none
        case 1: self = .trackerWarning
        case 2: self = .trackerError
        case 3: self = .localError
        default: self = .unknown(rawValue)
        }
    }
}

/// A file's download priority (`priorities`, `fileStats[].priority`, `bandwidthPriority`).
public enum FilePriority: Int, Sendable, Hashable, CaseIterable {
    case low = -1
    case normal = 0
    case high = 1

    /// Lenient: anything below 0 is low, above 0 high.
    public init(lenient value: Int) {
        self = value < 0 ? .low : (value > 0 ? .high : .normal)
    }
}
