import RemissionModel

/// The text and JSON of `remission stats`.
public struct StatsView: Equatable, Sendable {
    public var stats: SessionStats

    public init(stats: SessionStats) { self.stats = stats }

    /// Uploaded / downloaded; infinite (shown `Inf`, as transmission-remote does) when something was
    /// uploaded and nothing downloaded; nil (`None`) when neither.
    public static func ratio(_ totals: SessionStats.Totals) -> Double? {
        if totals.downloadedBytes > 0 { return Double(totals.uploadedBytes) / Double(totals.downloadedBytes) }
        return totals.uploadedBytes > 0 ? .infinity : nil
    }

    public func text(on terminal: Terminal) -> String {
        var lines: [String] = []
        lines.append(
            terminal.styled("Torrents:", .bold)
                + " \(stats.torrentCount) (\(stats.activeTorrentCount) active, \(stats.pausedTorrentCount) paused)")
        lines.append(
            terminal.styled("Speed:", .bold)
                + "    down \(Units.rate(stats.downloadSpeed)), up \(Units.rate(stats.uploadSpeed))")
        lines.append("")
        let columns: [(String, (SessionStats.Totals) -> String)] = [
            ("Uploaded", { Units.bytes($0.uploadedBytes) }),
            ("Downloaded", { Units.bytes($0.downloadedBytes) }),
            ("Ratio", { StatsView.ratio($0).map { Units.ratio($0) } ?? "None" }),
            ("Files added", { "\($0.filesAdded)" }),
            ("Time active", { Units.duration($0.secondsActive) }),
            ("Sessions", { "\($0.sessionCount)" }),
        ]
        let labelWidth = 13
        let valueWidth = 16
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }
        lines.append(pad("", labelWidth) + terminal.styled(pad("This session", valueWidth) + "Total", .bold))
        for (label, value) in columns {
            lines.append(
                terminal.styled(pad(label + ":", labelWidth), .bold) + pad(value(stats.current), valueWidth)
                    + value(stats.cumulative))
        }
        return lines.joined(separator: "\n")
    }

    /// `stats --json`: `{"torrents","activeTorrents","pausedTorrents","downloadSpeed","uploadSpeed",
    /// "current":{…},"cumulative":{"uploadedBytes","downloadedBytes","ratio","filesAdded","secondsActive","sessions"}}`
    /// (speeds in bytes per second; ratio null when nothing was downloaded).
    public func jsonValue() -> JSONValue {
        func totals(_ totals: SessionStats.Totals) -> JSONValue {
            [
                "uploadedBytes": JSONValue(totals.uploadedBytes),
                "downloadedBytes": JSONValue(totals.downloadedBytes),
                "ratio": Self.ratio(totals).flatMap { $0.isFinite ? .double($0) : nil } ?? .null,
                "filesAdded": JSONValue(totals.filesAdded),
                "secondsActive": JSONValue(totals.secondsActive),
                "sessions": JSONValue(totals.sessionCount),
            ]
        }
        return [
            "torrents": JSONValue(stats.torrentCount),
            "activeTorrents": JSONValue(stats.activeTorrentCount),
            "pausedTorrents": JSONValue(stats.pausedTorrentCount),
            "downloadSpeed": JSONValue(stats.downloadSpeed),
            "uploadSpeed": JSONValue(stats.uploadSpeed),
            "current": totals(stats.current),
            "cumulative": totals(stats.cumulative),
        ]
    }
}
