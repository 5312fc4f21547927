/// What `session-stats` reports.
public struct SessionStats: Sendable, Equatable {
    /// Transfer totals, either since the daemon started or over its whole history.
    public struct Totals: Sendable, Equatable {
        public var uploadedBytes = 0
        public var downloadedBytes = 0
        public var filesAdded = 0
        public var secondsActive = 0
        public var sessionCount = 0

        public init() {}

        public init(json: JSONObject) {
            uploadedBytes = json[rpc: "uploadedBytes"]?.int ?? 0
            downloadedBytes = json[rpc: "downloadedBytes"]?.int ?? 0
            filesAdded = json[rpc: "filesAdded"]?.int ?? 0
            secondsActive = json[rpc: "secondsActive"]?.int ?? 0
            sessionCount = json[rpc: "sessionCount"]?.int ?? 0
        }
    }

    public var activeTorrentCount = 0
    public var pausedTorrentCount = 0
    public var torrentCount = 0
    /// Bytes per second.
    public var downloadSpeed = 0
    /// Bytes per second.
    public var uploadSpeed = 0
    /// Since the daemon started (`current-stats`).
    public var current = Totals()
    /// Over the daemon's history (`cumulative-stats`).
    public var cumulative = Totals()

    public init() {}

    /// Decodes `session-stats` arguments in either naming.
    public init(json: JSONObject) {
        activeTorrentCount = json[rpc: "activeTorrentCount"]?.int ?? 0
        pausedTorrentCount = json[rpc: "pausedTorrentCount"]?.int ?? 0
        torrentCount = json[rpc: "torrentCount"]?.int ?? 0
        downloadSpeed = json[rpc: "downloadSpeed"]?.int ?? 0
        uploadSpeed = json[rpc: "uploadSpeed"]?.int ?? 0
        current = json[rpc: "current-stats"]?.object.map(Totals.init(json:)) ?? Totals()
        cumulative = json[rpc: "cumulative-stats"]?.object.map(Totals.init(json:)) ?? Totals()
    }
}
