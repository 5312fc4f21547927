import RemissionModel
import RemissionSession

/// Every word of the interactive `watch` that is not a torrent's own: key help, prompts, results.
public enum WatchText {
    /// The query as the bottom line names it: "status downloading, search 'ubu', by eta, reversed".
    public static func view(_ query: ListQuery) -> String {
        var parts: [String] = []
        if let status = query.status { parts.append("status \(status.rawValue)") }
        if let search = query.search, !search.isEmpty { parts.append("search '\(TerminalText.safe(search))'") }
        if let label = query.label { parts.append("label '\(TerminalText.safe(label))'") }
        if query.sort != .id || query.reverse {
            parts.append("by \(query.sort.rawValue)\(query.reverse ? ", reversed" : "")")
        }
        return parts.joined(separator: ", ")
    }

    /// The end of the totals line.
    public static let keysHint = "? keys · q quits"

    /// The search being typed, on the bottom line.
    public static func searchPrompt(_ text: String) -> String {
        "Search: \(TerminalText.safe(text))▏ (Enter keeps it, Esc cancels)"
    }

    /// Remove's questions: the command's words, then, before deleting data, once more.
    public static func question(ids: [Int], deleteData: Bool, bytes: Int, second: Bool) -> String {
        guard deleteData else { return FailureText.question(.removeTorrents(count: ids.count)) + " (y/n)" }
        guard second else { return FailureText.question(.deleteTorrentData(count: ids.count, bytes: bytes)) + " (y/n)" }
        return "Really delete \(Units.bytes(bytes)) on the server? It cannot be undone. (y/n)"
    }

    public static let notRemoved = "Nothing removed."

    public static func removing(count: Int) -> String { "removing \(TorrentText.count(count, "torrent"))…" }

    /// "stopped 2 torrents".
    public static func acted(_ action: TorrentAction, count: Int) -> String {
        "\(TorrentText.pastTense(action)) \(TorrentText.count(count, "torrent"))"
    }

    /// An action that failed: the same reason the command would give.
    public static func failed(_ failure: Failure) -> String { "failed: " + FailureText.reason(failure) }

    public static func gone(id: Int) -> String { "Torrent \(id) is no longer on the server." }

    public static let loading = "loading…"

    /// The section tabs of the detail, the open one in brackets.
    public static func tabs(_ torrent: Torrent, open: WatchDetail.Section) -> String {
        WatchDetail.Section.allCases.map { section in
            let title: String
            switch section {
            case .files: title = "Files \(torrent.files?.count ?? 0)"
            case .trackers: title = "Trackers \(torrent.trackerStats?.count ?? 0)"
            case .peers: title = "Peers \(torrent.peers?.count ?? 0)"
            }
            return section == open ? "[\(title)]" : " \(title) "
        }.joined(separator: " ")
    }

    /// The detail's summary line.
    public static func summary(_ torrent: Torrent) -> String {
        "\(torrent.activityLabel) · \(Units.percent(torrent.percentDone)) of \(Units.bytes(torrent.sizeWhenDone))"
            + " · ↓ \(Units.rate(torrent.rateDownload)) ↑ \(Units.rate(torrent.rateUpload))"
            + " · ETA \(WatchScreen.eta(torrent)) · ratio \(Units.ratio(torrent.uploadRatio))"
    }

    /// "↓ ▁▂▅█ peak 1.20 MB/s, last 4m": a sparkline's label.
    public static func history(_ arrow: String, line: String, peak: Int, seconds: Int) -> String {
        "\(arrow) \(line) peak \(Units.rate(peak)), last \(Units.duration(seconds))"
    }

    public static let detailKeys = "Esc back · Tab section · space get/skip · p priority · ? keys · q quits"

    /// The key help (`?`).
    public static let help: [String] = [
        "remission watch — keys",
        "",
        "  ↑ ↓ j k          move the cursor",
        "  PgUp PgDn        a page up or down (also Ctrl-B, Ctrl-F)",
        "  Home End g G     the first or the last torrent",
        "  space            mark or unmark the torrent (actions apply to the marked ones)",
        "  /                search names (Enter keeps the search, Esc cancels it)",
        "  f                the next status filter (list's --status values, then all)",
        "  Esc              clear the marks, then the search and the filter",
        "  s p v a          start, stop (pause), verify, reannounce",
        "  d                remove (asks; the data stays)",
        "  D                remove and delete the data (asks twice)",
        "  Enter            details: files, trackers, peers, speed history",
        "    Tab            next section; Esc goes back",
        "    space p        a file: get or skip it, its priority (normal, high, low)",
        "  r                refresh now",
        "  ?                this help (any key closes it)",
        "  q                quit (also Ctrl-C)",
    ]
}
