import RemissionModel
import RemissionRPC
import RemissionSession

/// The result lines of the torrent actions (`start`, `stop`, `verify`, `reannounce`, `remove`, `add`).
/// Names pass through `TerminalText.safe`.
extension TorrentText {
    /// "started", "stopped", "verifying", "reannounced".
    public static func pastTense(_ action: TorrentAction) -> String {
        switch action {
        case .start: return tr("started")
        case .stop: return tr("stopped")
        case .verify: return tr("verifying")
        case .reannounce: return tr("reannounced")
        }
    }

    /// "No torrents active; nothing started.": `action` found nothing to act on.
    public static func noneFound(_ selection: TorrentSelection, for action: TorrentAction) -> String {
        let active = selection == .recentlyActive
        switch action {
        case .start:
            return active ? tr("No torrents active; nothing started.") : tr("No torrents at all; nothing started.")
        case .stop:
            return active ? tr("No torrents active; nothing stopped.") : tr("No torrents at all; nothing stopped.")
        case .verify:
            return active ? tr("No torrents active; nothing verified.") : tr("No torrents at all; nothing verified.")
        case .reannounce:
            return active
                ? tr("No torrents active; nothing reannounced.") : tr("No torrents at all; nothing reannounced.")
        }
    }

    /// "No torrents at all; nothing removed."
    public static func noneToRemove(_ selection: TorrentSelection) -> String {
        selection == .recentlyActive
            ? tr("No torrents active; nothing removed.") : tr("No torrents at all; nothing removed.")
    }

    /// "stopped 3 torrents:", before their lines.
    public static func acted(_ action: TorrentAction, count: Int) -> String {
        switch action {
        case .start: return tr("started \(count: count, "torrent", "torrents"):")
        case .stop: return tr("stopped \(count: count, "torrent", "torrents"):")
        case .verify: return tr("verifying \(count: count, "torrent", "torrents"):")
        case .reannounce: return tr("reannounced \(count: count, "torrent", "torrents"):")
        }
    }

    /// Some named torrents do not exist, the others are acted on.
    public static func missingWarning(_ missing: [TorrentReference]) -> String {
        tr("warning: \(missingText(missing)); going on with the others.")
    }

    /// "To remove (3 torrents, deleting 1.2 GB of data):" (`deleting`: the bytes on disk, when deleted).
    public static func toRemove(count: Int, deleting bytes: Int?) -> String {
        guard let bytes else { return tr("To remove (\(count: count, "torrent", "torrents")):") }
        return tr("To remove (\(count: count, "torrent", "torrents"), deleting \(Units.bytes(bytes)) of data):")
    }

    /// "  (1.2 GB in /data/x)": what `remove --delete-data` deletes of one torrent.
    public static func dataOnDisk(_ torrent: Torrent) -> String {
        "  " + tr("(\(Units.bytes(present(torrent))) in \(TerminalText.safe(torrent.downloadDir)))")
    }

    /// "removed 3 torrents and deleted their data." / "…; the data stays on the server."
    public static func removed(count: Int, deletedData: Bool) -> String {
        deletedData
            ? tr("removed \(count: count, "torrent", "torrents") and deleted \(plural: count, "its", "their") data.")
            : tr("removed \(count: count, "torrent", "torrents"); the data stays on the server.")
    }

    /// "removed 250 of 1000…", between batches.
    public static func removalProgress(removed: Int, total: Int) -> String { tr("removed \(removed) of \(total)…") }

    /// "priority high for 2 files (0,3) of 5 name", "skipping 1 file (2) of 5 name", "getting …".
    public static func fileChange(_ change: FileChange, of torrent: Torrent) -> String {
        func describe(_ indexes: [Int]) -> String {
            let list =
                indexes.count > 12
                ? tr("\(count: indexes.count, "file", "files")") : indexes.map(String.init).joined(separator: ",")
            return tr("\(count: indexes.count, "file", "files") (\(list))")
        }
        let (id, name) = (torrent.id, TerminalText.safe(torrent.name))
        switch change {
        case .priority(let level, let indexes):
            return tr("priority \(priority(level)) for \(describe(indexes)) of \(id) \(name)")
        case .skipping(let indexes): return tr("skipping \(describe(indexes)) of \(id) \(name)")
        case .getting(let indexes): return tr("getting \(describe(indexes)) of \(id) \(name)")
        }
    }

    /// "added 5 name" or "already present 5 name".
    /// A duplicate given `--label`: the labels `add` put on it (`labelsAdded`), or that it had them.
    public static func added(_ result: TorrentAddResult, labels: [String] = [], labelsAdded: [String] = []) -> String {
        switch result {
        case .added(let id, let name, _): return tr("added \(id) \(TerminalText.safe(name))")
        case .duplicate(let id, let name, _):
            let line = tr("already present \(id) \(TerminalText.safe(name))")
            guard !labels.isEmpty else { return line }
            // One or several, not a count: Russian's three forms follow the number, which is not shown.
            switch (labelsAdded.count, labels.count) {
            case (0, 1): return line + "; " + tr("it already has the label \(list(labels))")
            case (0, _): return line + "; " + tr("it already has the labels \(list(labels))")
            case (1, _): return line + "; " + tr("label added to it: \(list(labelsAdded))")
            default: return line + "; " + tr("labels added to it: \(list(labelsAdded))")
            }
        }
    }

    private static func list(_ labels: [String]) -> String {
        labels.map(TerminalText.safe).joined(separator: ", ")
    }
}
