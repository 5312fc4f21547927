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
        let columns: [(String, (SessionStats.Totals) -> String)] = [
            (tr("Uploaded"), { Units.bytes($0.uploadedBytes) }),
            (tr("Downloaded"), { Units.bytes($0.downloadedBytes) }),
            (tr("Ratio"), { StatsView.ratio($0).map { Units.ratio($0) } ?? tr("None") }),
            (tr("Files added"), { "\($0.filesAdded)" }),
            (tr("Time active"), { Units.duration($0.secondsActive) }),
            (tr("Sessions"), { "\($0.sessionCount)" }),
        ]
        let (torrentsLabel, speedLabel) = (tr("Torrents:"), tr("Speed:"))
        let headWidth = max(TerminalText.width(torrentsLabel), TerminalText.width(speedLabel)) + 1
        let (active, paused) = (stats.activeTorrentCount, stats.pausedTorrentCount)
        lines.append(
            terminal.styled(torrentsLabel, .bold)
                + String(repeating: " ", count: headWidth - TerminalText.width(torrentsLabel))
                + tr("\(stats.torrentCount) (\(active) active, \(paused) paused)"))
        lines.append(
            terminal.styled(speedLabel, .bold)
                + String(repeating: " ", count: headWidth - TerminalText.width(speedLabel))
                + tr("down \(Units.rate(stats.downloadSpeed)), up \(Units.rate(stats.uploadSpeed))"))
        lines.append("")
        let labelWidth = max(13, (columns.map { TerminalText.width($0.0) }.max() ?? 0) + 2)
        let valueWidth = 16
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - TerminalText.width(text)))
        }
        lines.append(pad("", labelWidth) + terminal.styled(pad(tr("This session"), valueWidth) + tr("Total"), .bold))

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
