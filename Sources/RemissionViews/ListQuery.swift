import RemissionModel

/// `--status` values of `remission list`.
public enum ListStatusFilter: String, CaseIterable, Sendable {
    case downloading, seeding, stopped, checking, queued, error, active, idle

    public func matches(_ torrent: Torrent) -> Bool {
        switch self {
        case .downloading: return torrent.status == .downloading
        case .seeding: return torrent.status == .seeding
        // What the Status column shows as Idle: downloading or seeding, no peer either way.
        case .idle: return torrent.activityLabel == "Idle"  // verbatim
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
public enum ListSortKey: String, CaseIterable, Sendable {
    case id, name, progress, size, ratio, added, eta, down, up, status
    /// The daemon's queue order (`queuePosition`, 0 first); a torrent without one last.
    case queue
}

/// Which torrents `list` shows and in what order: pure, so it is tested without I/O.
public struct ListQuery: Sendable, Equatable {
    public var status: ListStatusFilter?
    /// Case-insensitive substring of the name.
    public var search: String?
    /// A label the torrent carries (case-insensitive).
    public var label: String?
    public var sort: ListSortKey = .id
    public var reverse = false

    public init(
        status: ListStatusFilter? = nil, search: String? = nil, label: String? = nil, sort: ListSortKey = .id,
        reverse: Bool = false
    ) {
        self.status = status
        self.search = search
        self.label = label
        self.sort = sort
        self.reverse = reverse
    }

    public func matches(_ torrent: Torrent) -> Bool {
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
    public func apply(_ torrents: [Torrent]) -> [Torrent] {
        order(torrents).map { torrents[$0] }
    }

    /// The indices in `torrents` of what `apply` returns, in its order (no torrent is copied).
    public func order(_ torrents: [Torrent]) -> [Int] {
        var query = self
        query.search = search?.lowercased()
        let kept: [Int]
        if query.status == nil && query.label == nil && (query.search ?? "").isEmpty {
            kept = Array(torrents.indices)
        } else {
            kept = torrents.indices.filter { query.matches(torrents[$0]) }
        }
        let order: [Int]
        switch sort {
        case .id: order = Self.sort(kept, torrents) { $0.id }
        case .name: order = Self.sort(kept, torrents) { $0.name.lowercased() }
        case .progress: order = Self.sort(kept, torrents) { $0.percentDone }
        case .size: order = Self.sort(kept, torrents) { $0.sizeWhenDone }
        case .ratio: order = Self.sort(kept, torrents) { $0.uploadRatio == -2 ? Double.infinity : $0.uploadRatio }
        case .added: order = Self.sort(kept, torrents) { $0.addedDate }
        // Unknown ETAs (negative) last: they are the furthest away.
        case .eta: order = Self.sort(kept, torrents) { $0.leftUntilDone == 0 ? -1 : ($0.eta < 0 ? Int.max : $0.eta) }
        case .down: order = Self.sort(kept, torrents) { $0.rateDownload }
        case .up: order = Self.sort(kept, torrents) { $0.rateUpload }
        case .status: order = Self.sort(kept, torrents) { $0.status.rawValue }
        case .queue: order = Self.sort(kept, torrents) { $0.queuePosition ?? Int.max }
        }
        return reverse ? order.reversed() : order
    }

    private static func sort<Key: Comparable>(
        _ indices: [Int], _ torrents: [Torrent], by key: (Torrent) -> Key
    ) -> [Int] {
        var keyed: [(key: Key, id: Int, index: Int)] = []
        keyed.reserveCapacity(indices.count)
        for index in indices { keyed.append((key(torrents[index]), torrents[index].id, index)) }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.id < $1.id }
        return keyed.map(\.index)
    }
}
