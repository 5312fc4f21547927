import RemissionModel
import RemissionSession

/// Every word of the interactive `watch` that is not a torrent's own: key help, prompts, results.
public enum WatchText {
    /// The query as the bottom line names it: "status downloading, search 'ubu', by eta, reversed".
    public static func view(_ query: ListQuery) -> String {
        var parts: [String] = []
        if let status = query.status { parts.append(tr("status \(status.rawValue)")) }
        if let search = query.search, !search.isEmpty { parts.append(tr("search '\(TerminalText.safe(search))'")) }
        if let label = query.label { parts.append(tr("label '\(TerminalText.safe(label))'")) }
        if query.sort != .id || query.reverse {
            parts.append(query.reverse ? tr("by \(query.sort.rawValue), reversed") : tr("by \(query.sort.rawValue)"))
        }
        return parts.joined(separator: ", ")
    }

    /// The body of a list that a filter emptied: "No torrent matches search 'xyz'."
    public static func nothingMatches(_ view: String) -> String { tr("No torrent matches \(view).") }

    /// The end of the totals line.
    public static var keysHint: String { tr("? keys · q quits") }

    /// The end of a totals line with no room for more.
    public static var shortKeysHint: String { tr("? keys") }

    /// The search being typed, on the bottom line.
    public static func searchPrompt(_ text: String) -> String {
        tr("Search: \(TerminalText.safe(text))▏ (Enter keeps it, Esc cancels)")
    }

    /// A prompt on the bottom line, `width` cells at most: what is asked, the text typed so far and
    /// the keys. The end of the text is where the typing is, so a long text shows its end (`…` before
    /// it); the keys give way first, when the text would get fewer than 20 cells beside them.
    public static func prompt(_ prompt: WatchPrompt, width: Int) -> String {
        let count = prompt.ids.count
        let question: String
        switch prompt.kind {
        case .move: question = tr("Move the data of \(count: count, "torrent", "torrents") to:")
        case .labels: question = tr("Labels of \(count: count, "torrent", "torrents") (comma-separated, empty: none):")
        case .downloadLimit: question = tr("Download limit in kB/s or off:")
        case .uploadLimit: question = tr("Upload limit in kB/s or off:")
        case .bandwidthPriority: question = tr("Bandwidth priority (low, normal, high):")
        }
        let typed = TerminalText.safe(prompt.text)
        let keys = tr(" (Enter sets it, Esc cancels)")
        let room = width - TerminalText.width(question) - 2  // a space before the text, the caret after it
        let shownKeys = room - TerminalText.width(keys) >= min(20, TerminalText.width(typed)) ? keys : ""
        let shown = TerminalText.tail(typed, to: max(1, room - TerminalText.width(shownKeys)))
        return question + " " + shown + "▏" + shownKeys
    }

    /// A typed value that was not sent: the words `move` or `set` would give.
    public static func refused(_ problem: WatchPromptProblem) -> String {
        switch problem {
        case .relativeDirectory(let directory): TorrentText.relativeLocation(directory)
        case .setting(let error): SetText.inputReason(error)
        }
    }

    /// The bottom line after an edit was done.
    public static func edited(_ effect: WatchEffect) -> String? {
        switch effect {
        case .move(let ids, let directory):
            withoutColon(TorrentText.moving(count: ids.count, to: directory, move: true))
        case .queue(let ids, let direction): withoutColon(TorrentText.queued(direction, count: ids.count))
        case .set(let ids, _): tr("changed \(count: ids.count, "torrent", "torrents")")
        default: nil
        }
    }

    /// The command's line without the colon that leads into its list of torrents.
    private static func withoutColon(_ line: String) -> String {
        line.hasSuffix(":") ? String(line.dropLast()) : line
    }

    /// Remove's questions: the command's words, then, before deleting data, once more.
    public static func question(ids: [Int], deleteData: Bool, bytes: Int, second: Bool) -> String {
        let choices = " " + Answers.keyChoices
        guard deleteData else { return FailureText.question(.removeTorrents(count: ids.count)) + choices }
        guard second else { return FailureText.question(.deleteTorrentData(count: ids.count, bytes: bytes)) + choices }
        return tr("Really delete \(Units.bytes(bytes)) on the server? It cannot be undone.") + choices
    }

    public static var notRemoved: String { tr("Nothing removed.") }

    public static func removing(count: Int) -> String { tr("removing \(count: count, "torrent", "torrents")…") }

    /// "stopped 2 torrents".
    public static func acted(_ action: TorrentAction, count: Int) -> String {
        switch action {
        case .start: tr("started \(count: count, "torrent", "torrents")")
        case .stop: tr("stopped \(count: count, "torrent", "torrents")")
        case .verify: tr("verifying \(count: count, "torrent", "torrents")")
        case .reannounce: tr("reannounced \(count: count, "torrent", "torrents")")
        }
    }

    /// An action that failed: the same reason the command would give.
    public static func failed(_ failure: Failure) -> String { tr("failed: \(FailureText.reason(failure))") }

    public static func gone(id: Int) -> String { tr("Torrent \(id) is no longer on the server.") }

    public static var loading: String { tr("loading…") }

    /// The section tabs of the detail, the open one in brackets.
    public static func tabs(_ torrent: Torrent, open: WatchDetail.Section) -> String {
        WatchDetail.Section.allCases.map { section in
            let title: String
            switch section {
            case .files: title = tr("Files \(torrent.files?.count ?? 0)")
            case .trackers: title = tr("Trackers \(torrent.trackerStats?.count ?? 0)")
            case .peers: title = tr("Peers \(torrent.peers?.count ?? 0)")
            }
            return section == open ? "[\(title)]" : " \(title) "
        }.joined(separator: " ")
    }

    /// The detail's summary line.
    public static func summary(_ torrent: Torrent) -> String {
        let (state, done, size) = (
            TorrentWords.activity(torrent), Units.percent(torrent.percentDone), Units.bytes(torrent.sizeWhenDone)
        )
        let (down, up) = (Units.rate(torrent.rateDownload), Units.rate(torrent.rateUpload))
        let (eta, ratio) = (WatchScreen.eta(torrent), Units.ratio(torrent.uploadRatio))
        return tr("\(state) · \(done) of \(size) · ↓ \(down) ↑ \(up) · ETA \(eta) · ratio \(ratio)")
    }

    /// "↓ ▁▂▅█ peak 1.20 MB/s, last 4m": a sparkline's label.
    public static func history(_ arrow: String, line: String, peak: Int, seconds: Int) -> String {
        tr("\(arrow) \(line) peak \(Units.rate(peak)), last \(Units.duration(seconds))")
    }

    public static var detailKeys: String {
        tr("Esc back · Tab section · space get/skip · p priority · ? keys · q quits")
    }

    /// The key help (`?`).
    public static var help: [String] {
        [
            tr("remission watch — keys"),
            "",
            tr("  ↑ ↓ j k          move the cursor"),
            tr("  PgUp PgDn        a page up or down (also Ctrl-B, Ctrl-F)"),
            tr("  Home End g G     the first or the last torrent"),
            tr("  space            mark or unmark the torrent (actions apply to the marked ones)"),
            tr("  /                search names (Enter keeps the search, Esc cancels it)"),
            tr("  f                the next status filter (list's --status values, then all)"),
            tr("  Esc              clear the marks, then the search and the filter"),
            tr("  s p v a          start, stop (pause), verify, reannounce"),
            tr("  [ ] { }          in the queue: up, down, to the top, to the bottom"),
            tr("  m                move the data to another directory (asks where)"),
            tr("  L                set the labels (comma-separated)"),
            tr("  < >              set the download, the upload limit (kB/s or off)"),
            tr("  b                set the bandwidth priority (low, normal, high)"),
            tr("  d                remove (asks; the data stays)"),
            tr("  D                remove and delete the data (asks twice)"),
            tr("  Enter            details: files, trackers, peers, speed history"),
            tr("    Tab            next section; Esc goes back"),
            tr("    space p        a file: get or skip it, its priority (normal, high, low)"),
            tr("  r                refresh now"),
            tr("  ?                this help (any key closes it)"),
            tr("  q                quit (also Ctrl-C)"),
        ]
    }
}
