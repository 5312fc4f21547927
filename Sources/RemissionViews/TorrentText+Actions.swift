import RemissionModel
import RemissionRPC
import RemissionSession

/// The result lines of the torrent actions (`start`, `stop`, `verify`, `reannounce`, `remove`, `add`).
/// Names pass through `TerminalText.safe`.
extension TorrentText {
    /// "started", "stopped", "verifying", "reannounced".
    public static func pastTense(_ action: TorrentAction) -> String {
        switch action {
        case .start: return "started"
        case .stop: return "stopped"
        case .verify: return "verifying"
        case .reannounce: return "reannounced"
        }
    }

    /// "No torrents active; nothing started.": `action` found nothing to act on.
    public static func noneFound(_ selection: TorrentSelection, for action: TorrentAction) -> String {
        noneFound(selection, nothing: pastTense(action))
    }

    /// "No torrents at all; nothing removed."
    public static func noneToRemove(_ selection: TorrentSelection) -> String {
        noneFound(selection, nothing: "removed")
    }

    static func noneFound(_ selection: TorrentSelection, nothing done: String) -> String {
        "No torrents \(selection == .recentlyActive ? "active" : "at all"); nothing \(done)."
    }

    /// "stopped 3 torrents:", before their lines.
    public static func acted(_ action: TorrentAction, count: Int) -> String {
        "\(pastTense(action)) \(TorrentText.count(count, "torrent")):"
    }

    /// Some named torrents do not exist, the others are acted on.
    public static func missingWarning(_ missing: [TorrentReference]) -> String {
        "warning: \(missingText(missing)); going on with the others."
    }

    /// "To remove (3 torrents, deleting 1.2 GB of data):" (`deleting`: the bytes on disk, when deleted).
    public static func toRemove(count: Int, deleting bytes: Int?) -> String {
        "To remove (\(TorrentText.count(count, "torrent"))\(bytes.map { ", deleting \(Units.bytes($0)) of data" } ?? "")):"
    }

    /// "  (1.2 GB in /data/x)": what `remove --delete-data` deletes of one torrent.
    public static func dataOnDisk(_ torrent: Torrent) -> String {
        "  (\(Units.bytes(present(torrent))) in \(TerminalText.safe(torrent.downloadDir)))"
    }

    /// "removed 3 torrents and deleted their data." / "…; the data stays on the server."
    public static func removed(count: Int, deletedData: Bool) -> String {
        let their = count == 1 ? "its" : "their"
        return "removed \(TorrentText.count(count, "torrent"))"
            + "\(deletedData ? " and deleted \(their) data" : "; the data stays on the server")."
    }

    /// "removed 250 of 1000…", between batches.
    public static func removalProgress(removed: Int, total: Int) -> String { "removed \(removed) of \(total)…" }

    /// "priority high for 2 files (0,3) of 5 name", "skipping 1 file (2) of 5 name", "getting …".
    public static func fileChange(_ change: FileChange, of torrent: Torrent) -> String {
        func describe(_ indexes: [Int]) -> String {
            let list = indexes.count > 12 ? "\(indexes.count) files" : indexes.map(String.init).joined(separator: ",")
            return "\(TorrentText.count(indexes.count, "file")) (\(list))"
        }
        let words =
            switch change {
            case .priority(let level, let indexes): "priority \(priority(level)) for \(describe(indexes))"
            case .skipping(let indexes): "skipping \(describe(indexes))"
            case .getting(let indexes): "getting \(describe(indexes))"
            }
        return "\(words) of \(torrent.id) \(TerminalText.safe(torrent.name))"
    }

    /// "added 5 name" or "already present 5 name".
    public static func added(_ result: TorrentAddResult) -> String {
        switch result {
        case .added(let id, let name, _): return "added \(id) \(TerminalText.safe(name))"
        case .duplicate(let id, let name, _): return "already present \(id) \(TerminalText.safe(name))"
        }
    }
}
