import RemissionModel

/// `--status` values of `remission list`.
enum ListStatusFilter: String, CaseIterable, Sendable {
    case downloading, seeding, stopped, checking, queued, error, active

    func matches(_ torrent: Torrent) -> Bool {
        switch self {
        case .downloading: return torrent.status == .downloading
        case .seeding: return torrent.status == .seeding
        case .stopped: return torrent.status == .stopped
        case .checking: return torrent.status.isChecking
        case .queued: return torrent.status == .downloadWait || torrent.status == .seedWait
        case .error: return torrent.hasError
        case .active:
            return torrent.rateDownload > 0 || torrent.rateUpload > 0 || torrent.status.isChecking
                || (torrent.peersGettingFromUs ?? 0) > 0 || (torrent.peersSendingToUs ?? 0) > 0
        }
    }
}

/// `--sort` keys of `remission list`.
enum ListSortKey: String, CaseIterable, Sendable {
    case id, name, progress, size, ratio, added, eta, down, up, status
}

/// Which torrents `list` shows and in what order: pure, so it is tested without I/O.
struct ListQuery: Sendable, Equatable {
    var status: ListStatusFilter?
    /// Case-insensitive substring of the name.
    var search: String?
    /// A label the torrent carries (case-insensitive).
    var label: String?
    var sort: ListSortKey = .id
    var reverse = false

    func matches(_ torrent: Torrent) -> Bool {
        if let status, !status.matches(torrent) { return false }
        if let label {
            let wanted = label.lowercased()
            if !torrent.labels.contains(where: { $0.lowercased() == wanted }) { return false }
        }
        if let search, !search.isEmpty {
            if !torrent.name.lowercased().contains(search.lowercased()) { return false }
        }
        return true
    }

    /// Filtered and sorted; ties are broken by id so the order is stable. `--reverse` reverses the
    /// whole order.
    func apply(_ torrents: [Torrent]) -> [Torrent] {
        let search = search?.lowercased()
        var query = self
        query.search = search
        let kept = torrents.filter { query.matches($0) }
        let sorted: [Torrent]
        switch sort {
        case .id: sorted = kept.sorted { $0.id < $1.id }
        case .name:
            let keyed = kept.map { ($0.name.lowercased(), $0) }
            sorted = keyed.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.id < $1.1.id }.map(\.1)
        case .progress: sorted = Self.sort(kept) { $0.percentDone }
        case .size: sorted = Self.sort(kept) { $0.sizeWhenDone }
        case .ratio: sorted = Self.sort(kept) { $0.uploadRatio == -2 ? Double.infinity : $0.uploadRatio }
        case .added: sorted = Self.sort(kept) { $0.addedDate }
        // Unknown ETAs (negative) last: they are the furthest away.
        case .eta: sorted = Self.sort(kept) { $0.leftUntilDone == 0 ? -1 : ($0.eta < 0 ? Int.max : $0.eta) }
        case .down: sorted = Self.sort(kept) { $0.rateDownload }
        case .up: sorted = Self.sort(kept) { $0.rateUpload }
        case .status: sorted = Self.sort(kept) { $0.status.rawValue }
        }
        return reverse ? sorted.reversed() : sorted
    }

    private static func sort<Key: Comparable>(_ torrents: [Torrent], by key: (Torrent) -> Key) -> [Torrent] {
        torrents.map { (key($0), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.id < $1.1.id }.map(\.1)
    }
}
