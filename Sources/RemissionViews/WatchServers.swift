import RemissionModel

/// `watch --all`: the torrents of every saved server in one `WatchModel`. The model knows torrents
/// by id, and ids repeat across servers, so each torrent's id in the merged list is a `MergedID`: the
/// server's index above the server's own id. Sorting by id then groups the rows by server (in the
/// saved order), other sort keys mix the servers; the screen shows the server's own id and name, and
/// an effect's ids are turned back into (server, id) to go to that server. Pure.
public enum MergedID {
    /// Bits of the server's own id. Transmission's ids are small positive numbers; an id outside
    /// `0..<2^40` (only a hostile server sends one) has no merged id, so it can never be confused
    /// with another server's torrent: such a row is left out.
    static let idBits = 40
    static let idLimit = 1 << idBits
    static let serverLimit = 1 << (Int.bitWidth - 1 - idBits)

    public static func make(server: Int, id: Int) -> Int? {
        guard (0..<idLimit).contains(id), (0..<serverLimit).contains(server) else { return nil }
        return server << idBits | id
    }

    public static func server(_ merged: Int) -> Int { merged >> idBits }

    public static func id(_ merged: Int) -> Int { merged & (idLimit - 1) }

    /// The merged ids grouped by server, each group's own ids in their order, servers in order.
    public static func split(_ merged: [Int]) -> [(server: Int, ids: [Int])] {
        var groups: [Int: [Int]] = [:]
        for value in merged where value >= 0 { groups[server(value), default: []].append(id(value)) }
        return groups.keys.sorted().map { ($0, groups[$0]!) }
    }

    /// Every server's torrents in one list, each id made a merged id (rows whose id has none are
    /// left out).
    public static func merge(_ servers: [[Torrent]]) -> [Torrent] {
        var merged: [Torrent] = []
        merged.reserveCapacity(servers.reduce(0) { $0 + $1.count })
        for (index, torrents) in servers.enumerated() {
            for var torrent in torrents {
                guard let id = make(server: index, id: torrent.id) else { continue }
                torrent.id = id
                merged.append(torrent)
            }
        }
        return merged
    }
}

/// What the screen of `watch --all` says of each server: its name (the rows' Server column), when
/// its data is from, whether it is offline (its rows then say Offline) and why, and whether a
/// refresh of it is slow.
public struct WatchServers: Equatable, Sendable {
    public struct Server: Equatable, Sendable {
        public var name: String
        /// When its shown torrents were fetched (or its snapshot saved); nil: none shown.
        public var dataTime: Int64?
        /// Not answering: why, and when it is asked again (nil: not retried, e.g. trust refused).
        public var problem: String?
        public var retryAt: Int64?
        /// When the refresh in flight was sent; nil when none is.
        public var refreshStartedAt: Int64?

        public init(name: String) { self.name = name }

        public var isOffline: Bool { problem != nil }
    }

    public var servers: [Server]

    public init(servers: [Server]) { self.servers = servers }

    /// The server a merged id belongs to.
    public func server(of mergedID: Int) -> Server? {
        let index = MergedID.server(mergedID)
        return servers.indices.contains(index) ? servers[index] : nil
    }

    /// The Server column's width: the longest name, between 6 and 12 cells.
    public var columnWidth: Int {
        min(12, max(6, servers.map { TerminalText.width(TerminalText.safe($0.name)) }.max() ?? 0))
    }

    /// The status line: when the servers that answer were last updated, then each server that does
    /// not — OFFLINE, the reason, the next attempt and the time of what is shown of it — or whose
    /// refresh is slow. When that is wider than `width`, each server keeps only its name and reason.
    public func statusLine(now: Int64, zone: TimeZoneChoice, width: Int = .max) -> String {
        let full = statusParts(now: now, zone: zone, details: true).joined(separator: " · ")
        guard TerminalText.width(full) > width else { return full }
        return statusParts(now: now, zone: zone, details: false).joined(separator: " · ")
    }

    private func statusParts(now: Int64, zone: TimeZoneChoice, details: Bool) -> [String] {
        var parts: [String] = []
        let answering = servers.filter { !$0.isOffline }.compactMap(\.dataTime)
        if let latest = answering.max() {
            parts.append(tr("updated \(Units.clock(latest, zone))"))
        } else if servers.allSatisfy({ !$0.isOffline }) {
            parts.append(tr("connecting…"))
        }
        for server in servers {
            let name = TerminalText.safe(server.name)
            if let problem = server.problem, server.retryAt == nil, server.refreshStartedAt == nil {
                parts.append(tr("\(name) not shown: \(problem)"))  // not retried: trust, credentials, permission
            } else if let problem = server.problem {
                var text = tr("\(name) OFFLINE: \(problem)")
                guard details else {
                    parts.append(text)
                    continue
                }
                if server.refreshStartedAt != nil {
                    text += ", " + tr("retrying now")
                } else if let retryAt = server.retryAt {
                    text += ", " + tr("retrying in \(Units.duration(Int(clamping: max(0, retryAt - now))))")
                }
                if let dataTime = server.dataTime { text += ", " + tr("data from \(Units.clock(dataTime, zone))") }
                parts.append(text)
            } else if let started = server.refreshStartedAt, now - started >= WatchScreen.waitingAfterSeconds {
                parts.append(tr("waiting for \(name)…"))
            }
        }
        return parts
    }
}
