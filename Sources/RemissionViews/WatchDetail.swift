import RemissionModel
import RemissionRPC

/// The detail of one torrent in `watch` (Enter): its files, trackers or peers, a cursor in them, and
/// the file toggles.
public struct WatchDetail: Equatable, Sendable {
    public enum Section: CaseIterable, Equatable, Sendable {
        case files, trackers, peers

        var next: Section {
            let all = Self.allCases
            return all[(all.firstIndex(of: self)! + 1) % all.count]
        }
    }

    public var id: Int
    /// nil until the first fetch answers.
    public var torrent: Torrent?
    public var section = Section.files
    /// The file under the cursor (files), or the first line wanted on screen (trackers, peers).
    public var cursor = 0
    public var top = 0

    public init(id: Int, torrent: Torrent? = nil) {
        self.id = id
        self.torrent = torrent
    }

    /// Rows the section has: one per file, else its text lines.
    var lineCount: Int {
        guard let torrent else { return 0 }
        switch section {
        case .files: return torrent.files?.count ?? 0
        case .trackers, .peers: return WatchScreen.sectionLines(torrent, section).count
        }
    }

    /// `count`: `lineCount`, when the caller has it already (it renders the section's text).
    mutating func clamp(rows: Int, count: Int? = nil) {
        let count = count ?? lineCount
        cursor = max(0, min(cursor, count - 1))
        top = WatchScreen.scrolled(top: top, cursor: cursor, rows: rows, count: count)
    }

    /// The file under the cursor's wanted flag flipped, here at once (the next refresh confirms it)
    /// and as the change to send.
    mutating func toggleWanted() -> TorrentChanges? {
        guard section == .files, var stats = torrent?.fileStats, stats.indices.contains(cursor) else { return nil }
        stats[cursor].wanted.toggle()
        torrent?.fileStats = stats
        var change = TorrentChanges()
        if stats[cursor].wanted { change.filesWanted = [cursor] } else { change.filesUnwanted = [cursor] }
        return change
    }

    /// The file under the cursor's priority, normal → high → low → normal.
    mutating func cyclePriority() -> TorrentChanges? {
        guard section == .files, var stats = torrent?.fileStats, stats.indices.contains(cursor) else { return nil }
        let next: FilePriority =
            switch stats[cursor].priority {
            case .normal: .high
            case .high: .low
            case .low: .normal
            }
        stats[cursor].priority = next
        torrent?.fileStats = stats
        var change = TorrentChanges()
        switch next {
        case .high: change.priorityHigh = [cursor]
        case .normal: change.priorityNormal = [cursor]
        case .low: change.priorityLow = [cursor]
        }
        return change
    }
}
