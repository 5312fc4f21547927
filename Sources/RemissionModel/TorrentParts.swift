/// An entry of `files`: the name includes the torrent's top folder.
public struct TorrentFile: Sendable, Equatable {
    public var name: String
    public var length: Int
    public var bytesCompleted: Int
    /// 4.1+ only.
    public var beginPiece: Int?
    public var endPiece: Int?

    public init(name: String, length: Int, bytesCompleted: Int, beginPiece: Int? = nil, endPiece: Int? = nil) {
        self.name = name
        self.length = length
        self.bytesCompleted = bytesCompleted
        self.beginPiece = beginPiece
        self.endPiece = endPiece
    }

    public init(json: JSONObject) {
        name = json[rpc: "name"]?.string ?? ""
        length = json[rpc: "length"]?.int ?? 0
        bytesCompleted = json[rpc: "bytesCompleted"]?.int ?? 0
        beginPiece = json[rpc: "beginPiece"]?.int
        endPiece = json[rpc: "endPiece"]?.int
    }
}

/// An entry of `fileStats`.
public struct TorrentFileStats: Sendable, Equatable {
    public var bytesCompleted: Int
    public var wanted: Bool
    public var priority: FilePriority

    public init(bytesCompleted: Int, wanted: Bool, priority: FilePriority) {
        self.bytesCompleted = bytesCompleted
        self.wanted = wanted
        self.priority = priority
    }

    public init(json: JSONObject) {
        bytesCompleted = json[rpc: "bytesCompleted"]?.int ?? 0
        wanted = json[rpc: "wanted"]?.bool ?? true
        priority = FilePriority(lenient: json[rpc: "priority"]?.int ?? 0)
    }
}

/// An entry of `trackers`.
public struct TorrentTracker: Sendable, Equatable {
    public var id: Int
    public var announce: String
    public var scrape: String
    public var tier: Int

    public init(id: Int, announce: String, scrape: String = "", tier: Int = 0) {
        self.id = id
        self.announce = announce
        self.scrape = scrape
        self.tier = tier
    }

    public init(json: JSONObject) {
        id = json[rpc: "id"]?.int ?? 0
        announce = json[rpc: "announce"]?.string ?? ""
        scrape = json[rpc: "scrape"]?.string ?? ""
        tier = json[rpc: "tier"]?.int ?? 0
    }
}

/// `announceState` / `scrapeState` of a tracker.
public enum TrackerState: Sendable, Hashable {
    case inactive
    case waiting
    case queued
    case active
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .inactive
        case 1: self = .waiting
        case 2: self = .queued
        case 3: self = .active
        default: self = .unknown(rawValue)
        }
    }
}

/// An entry of `trackerStats`. Counts are −1 when unknown; times are Unix seconds (0 = never).
public struct TrackerStat: Sendable, Equatable {
    public var id = 0
    public var host = ""
    public var announce = ""
    public var tier = 0
    public var isBackup = false
    public var announceState = TrackerState.inactive
    public var scrapeState = TrackerState.inactive
    public var lastAnnounceResult = ""
    public var lastAnnounceSucceeded = false
    public var lastAnnounceTime = 0
    public var lastAnnouncePeerCount = 0
    public var nextAnnounceTime = 0
    public var lastScrapeResult = ""
    public var lastScrapeSucceeded = false
    public var lastScrapeTime = 0
    public var nextScrapeTime = 0
    public var seederCount = -1
    public var leecherCount = -1
    public var downloadCount = -1

    public init() {}

    public init(json: JSONObject) {
        id = json[rpc: "id"]?.int ?? 0
        host = json[rpc: "host"]?.string ?? ""
        announce = json[rpc: "announce"]?.string ?? ""
        tier = json[rpc: "tier"]?.int ?? 0
        isBackup = json[rpc: "isBackup"]?.bool ?? false
        announceState = TrackerState(rawValue: json[rpc: "announceState"]?.int ?? 0)
        scrapeState = TrackerState(rawValue: json[rpc: "scrapeState"]?.int ?? 0)
        lastAnnounceResult = json[rpc: "lastAnnounceResult"]?.string ?? ""
        lastAnnounceSucceeded = json[rpc: "lastAnnounceSucceeded"]?.bool ?? false
        lastAnnounceTime = json[rpc: "lastAnnounceTime"]?.int ?? 0
        lastAnnouncePeerCount = json[rpc: "lastAnnouncePeerCount"]?.int ?? 0
        nextAnnounceTime = json[rpc: "nextAnnounceTime"]?.int ?? 0
        lastScrapeResult = json[rpc: "lastScrapeResult"]?.string ?? ""
        lastScrapeSucceeded = json[rpc: "lastScrapeSucceeded"]?.bool ?? false
        lastScrapeTime = json[rpc: "lastScrapeTime"]?.int ?? 0
        nextScrapeTime = json[rpc: "nextScrapeTime"]?.int ?? 0
        seederCount = json[rpc: "seederCount"]?.int ?? -1
        leecherCount = json[rpc: "leecherCount"]?.int ?? -1
        downloadCount = json[rpc: "downloadCount"]?.int ?? -1
    }
}

/// An entry of `peers`.
public struct TorrentPeer: Sendable, Equatable {
    public var address = ""
    public var port = 0
    public var clientName = ""
    /// transmission-remote's flag letters (`D` downloading from, `U` uploading to, `E` encrypted…).
    public var flagStr = ""
    /// 0…1 of the torrent the peer has.
    public var progress = 0.0
    public var rateToClient = 0
    public var rateToPeer = 0
    public var isEncrypted = false
    public var isIncoming = false
    public var isUTP = false

    public init() {}

    public init(json: JSONObject) {
        address = json[rpc: "address"]?.string ?? ""
        port = json[rpc: "port"]?.int ?? 0
        clientName = json[rpc: "clientName"]?.string ?? ""
        flagStr = json[rpc: "flagStr"]?.string ?? ""
        progress = json[rpc: "progress"]?.double ?? 0
        rateToClient = json[rpc: "rateToClient"]?.int ?? 0
        rateToPeer = json[rpc: "rateToPeer"]?.int ?? 0
        isEncrypted = json[rpc: "isEncrypted"]?.bool ?? false
        isIncoming = json[rpc: "isIncoming"]?.bool ?? false
        isUTP = json[rpc: "isUTP"]?.bool ?? false
    }
}
