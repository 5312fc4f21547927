import RemissionModel
import RemissionTrust

/// The words of the torrent commands (`info`, `files`, the lists of start/stop/remove); numbers are
/// written with `Units`.
public enum TorrentText {
    public static func priority(_ priority: FilePriority) -> String {
        switch priority {
        case .low: return tr("low")
        case .normal: return tr("normal")
        case .high: return tr("high")
        }
    }

    /// Left-aligned in `width` columns (terminal cells: wide characters count two).
    public static func padded(_ text: String, _ width: Int) -> String {
        let cells = TerminalText.width(text)
        return cells >= width ? text : text + String(repeating: " ", count: width - cells)
    }

    /// Right-aligned in `width` columns (terminal cells).
    public static func rightAligned(_ text: String, _ width: Int) -> String {
        let cells = TerminalText.width(text)
        return cells >= width ? text : String(repeating: " ", count: width - cells) + text
    }

    /// Whether nothing wanted is left to download (the ETA then reads `Done`).
    public static func isDone(_ torrent: Torrent) -> Bool { torrent.leftUntilDone == 0 && torrent.sizeWhenDone > 0 }

    /// Bytes present on disk for a torrent (verified and unverified).
    public static func present(_ torrent: Torrent) -> Int {
        if let valid = torrent.haveValid { return ServerArithmetic.sum(valid, torrent.haveUnchecked ?? 0) }
        return max(ServerArithmetic.difference(torrent.sizeWhenDone, torrent.leftUntilDone), 0)
    }
}

extension TorrentText {
    /// "no torrent with id 42", "no torrents with ids 7, 9", "no torrent with hash …".
    public static func missingText(_ missing: [TorrentReference]) -> String {
        let ids = missing.compactMap { if case .id(let id) = $0 { return String(id) } else { return nil } }
        let hashes = missing.compactMap { if case .hash(let hash) = $0 { return hash } else { return nil } }
        var parts: [String] = []
        if !ids.isEmpty {
            parts.append(ids.count == 1 ? tr("no torrent with id \(ids[0])") : tr("no torrents with ids \(list(ids))"))
        }
        if !hashes.isEmpty {
            parts.append(
                hashes.count == 1
                    ? tr("no torrent with hash \(hashes[0])") : tr("no torrents with hashes \(list(hashes))"))
        }
        return parts.joined(separator: "; ")
    }

    /// Lines `  ID  NAME` listing the torrents a command acts on.
    public static func lookupLines(_ torrents: [Torrent], extra: (Torrent) -> String = { _ in "" }) -> [String] {
        let width = torrents.map { String($0.id).count }.max() ?? 1
        return torrents.map {
            "  \(rightAligned(String($0.id), width))  \(TerminalText.safe($0.name))\(extra($0))"
        }
    }

    private static func list(_ items: [String]) -> String {
        guard items.count > 10 else { return items.joined(separator: ", ") }
        return tr("\(items.prefix(10).joined(separator: ", ")) and \(items.count - 10) more")
    }
}
