import RemissionModel

/// `watch --status`: which torrents to show.
public enum WatchStatusFilter: String, CaseIterable, Sendable {
    case downloading, seeding, stopped, checking, queued, error, active

    public func matches(_ torrent: Torrent) -> Bool {
        switch self {
        case .downloading: return torrent.status.isDownloading
        case .seeding: return torrent.status.isSeeding
        case .stopped: return torrent.status == .stopped
        case .checking: return torrent.status.isChecking
        case .queued: return torrent.status == .downloadWait || torrent.status == .seedWait
        case .error: return torrent.hasError
        case .active: return torrent.rateDownload > 0 || torrent.rateUpload > 0 || torrent.status.isChecking
        }
    }
}

/// `watch --sort`: the order of the rows (ties by id).
public enum WatchSortKey: String, CaseIterable, Sendable {
    case id, name, progress, size, ratio, added, eta, down, up, status

    public func ascending(_ a: Torrent, _ b: Torrent) -> Bool {
        func by<T: Comparable>(_ key: (Torrent) -> T) -> Bool {
            key(a) != key(b) ? key(a) < key(b) : a.id < b.id
        }
        switch self {
        case .id: return a.id < b.id
        case .name: return by { $0.name.lowercased() }
        case .progress: return by(\.percentDone)
        case .size: return by(\.sizeWhenDone)
        case .ratio: return by(\.uploadRatio)
        case .added: return by(\.addedDate)
        case .eta: return by { $0.eta < 0 ? Int.max : $0.eta }
        case .down: return by(\.rateDownload)
        case .up: return by(\.rateUpload)
        case .status: return by(\.status.rawValue)
        }
    }
}

extension WatchScreen {
    /// The rows to show: filtered by status, sorted, reversed on request.
    public static func arrange(
        _ torrents: [Torrent], status: WatchStatusFilter?, sort: WatchSortKey, reverse: Bool
    ) -> [Torrent] {
        let shown = status.map { filter in torrents.filter(filter.matches) } ?? torrents
        let sorted = shown.sorted(by: sort.ascending)
        return reverse ? sorted.reversed() : sorted
    }
}
