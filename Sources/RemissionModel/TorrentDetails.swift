/// The fields of a torrent that only `info` shows (see `Torrent.details`). Defaults as in `Torrent`.
public struct TorrentDetails: Sendable, Equatable {
    // Fields `list` does not show, kept here so that a list row stays small.
    public var haveUnchecked: Int?
    public var downloadDir = ""
    public var peersConnected = 0
    public var isStalled: Bool?
    public var queuePosition: Int?

    public var files: [TorrentFile]?
    public var fileStats: [TorrentFileStats]?
    public var priorities: [FilePriority]?
    /// Classic servers send `[0, 1]` integers, JSON-RPC ones booleans; both decode to `Bool`.
    public var wanted: [Bool]?
    public var trackers: [TorrentTracker]?
    public var trackerStats: [TrackerStat]?
    public var peers: [TorrentPeer]?
    public var activityDate: Int?
    public var doneDate: Int?
    public var startDate: Int?
    public var dateCreated: Int?
    public var totalSize: Int?
    public var downloadedEver: Int?
    public var uploadedEver: Int?
    public var corruptEver: Int?
    public var desiredAvailable: Int?
    public var comment: String?
    public var creator: String?
    public var isPrivate: Bool?
    public var magnetLink: String?
    public var pieceCount: Int?
    public var pieceSize: Int?
    public var bandwidthPriority: FilePriority?
    /// kB/s (k = 1000).
    public var downloadLimit: Int?
    public var downloadLimited: Bool?
    /// kB/s (k = 1000).
    public var uploadLimit: Int?
    public var uploadLimited: Bool?
    public var honorsSessionLimits: Bool?
    public var seedRatioLimit: Double?
    /// 0 global setting, 1 this torrent's limit, 2 unlimited.
    public var seedRatioMode: Int?
    /// Minutes.
    public var seedIdleLimit: Int?
    public var seedIdleMode: Int?
    public var metadataPercentComplete: Double?
    public var secondsDownloading: Int?
    public var secondsSeeding: Int?
    public var peerLimit: Int?
    /// The bandwidth group, "" for none (4.0+).
    public var group: String?
    /// Pieces in order (4.1+).
    public var sequentialDownload: Bool?

    public init() {}
}

/// The out-of-line storage of `Torrent.details`: shared between copies, copied on write (only
/// mutated while uniquely referenced, hence `@unchecked Sendable`).
final class TorrentDetailsBox: @unchecked Sendable, Equatable {
    /// Shared by every torrent whose details were never set.
    static let empty = TorrentDetailsBox(TorrentDetails())

    var value: TorrentDetails

    init(_ value: TorrentDetails) {
        self.value = value
    }

    static func == (lhs: TorrentDetailsBox, rhs: TorrentDetailsBox) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }
}
