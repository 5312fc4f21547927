import RemissionModel
import RemissionTrust

/// Human units for torrent data (SI: 1 kB = 1000 bytes, as Transmission's own clients print them).
public enum TorrentText {
    /// `0 B`, `999 B`, `105.0 kB`, `1.50 GB`.
    public static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(max(count, 0)) B" }
        let units = ["kB", "MB", "GB", "TB", "PB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return "\(decimal(value, places: value < 100 ? 2 : 1)) \(units[unit])"
    }

    /// `0 B/s`, `1.20 MB/s`.
    public static func rate(_ bytesPerSecond: Int) -> String { bytes(bytesPerSecond) + "/s" }

    /// `42%`, `99.5%`; never rounds up to 100% before the end.
    public static func percent(_ fraction: Double) -> String {
        let value = max(0, min(fraction, 1)) * 100
        if value == 100 || value == 0 { return "\(Int(value))%" }
        return decimal((value * 10).rounded(.down) / 10, places: 1) + "%"
    }

    /// Seconds left: `unknown`, `not available`, `45s`, `12m 5s`, `3h 20m`, `2d 4h`.
    public static func eta(_ seconds: Int) -> String {
        switch seconds {
        case -2: return "unknown"
        case ..<0: return "not available"
        default: return duration(seconds)
        }
    }

    public static func duration(_ seconds: Int) -> String {
        let (days, hours, minutes) = (seconds / 86_400, seconds % 86_400 / 3600, seconds % 3600 / 60)
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(seconds % 60)s" }
        return "\(seconds)s"
    }

    /// `0.52`, `None` (−1, nothing downloaded), `Inf` (−2).
    public static func ratio(_ value: Double) -> String {
        if value == -2 || value.isInfinite { return "Inf" }
        if value < 0 || value.isNaN { return "None" }
        return decimal(value, places: 2)
    }

    /// A Unix date in UTC, or `never` for 0.
    public static func date(_ unixSeconds: Int?) -> String {
        guard let unixSeconds, unixSeconds > 0 else { return "never" }
        return UTCDate(unixSeconds: Int64(unixSeconds)).dateAndTime
    }

    public static func priority(_ priority: FilePriority) -> String {
        switch priority {
        case .low: return "low"
        case .normal: return "normal"
        case .high: return "high"
        }
    }

    /// "1 torrent", "3 torrents".
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A fixed-point decimal without Foundation: `decimal(1.005, places: 2)` is `1.01` or `1.00` by binary rounding.
    public static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / Int64(scale)
        guard places > 0 else { return "\(sign)\(whole)" }
        var fraction = String(scaled % Int64(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return "\(sign)\(whole).\(fraction)"
    }

    /// Left-aligned in `width` columns (counting characters).
    public static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Right-aligned in `width` columns.
    public static func rightAligned(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// Bytes present on disk for a torrent (verified and unverified).
    public static func present(_ torrent: Torrent) -> Int {
        if let valid = torrent.haveValid { return valid + (torrent.haveUnchecked ?? 0) }
        return max(torrent.sizeWhenDone - torrent.leftUntilDone, 0)
    }
}

extension TorrentText {
    /// "no torrent with id 42", "no torrents with ids 7, 9", "no torrent with hash …".
    public static func missingText(_ missing: [TorrentReference]) -> String {
        let ids = missing.compactMap { if case .id(let id) = $0 { return String(id) } else { return nil } }
        let hashes = missing.compactMap { if case .hash(let hash) = $0 { return hash } else { return nil } }
        var parts: [String] = []
        if !ids.isEmpty {
            parts.append(ids.count == 1 ? "no torrent with id \(ids[0])" : "no torrents with ids \(list(ids))")
        }
        if !hashes.isEmpty {
            parts.append(
                hashes.count == 1 ? "no torrent with hash \(hashes[0])" : "no torrents with hashes \(list(hashes))")
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
        items.count > 10
            ? items.prefix(10).joined(separator: ", ") + " and \(items.count - 10) more" : items.joined(separator: ", ")
    }
}
