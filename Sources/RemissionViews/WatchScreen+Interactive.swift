import RemissionModel

/// The frames of the interactive `watch`: the list with its cursor and marks, the detail of one
/// torrent, the key help. Pure, like the rest of `WatchScreen`.
extension WatchScreen {
    /// The whole frame for the model's mode, ready for one `write`.
    public static func frame(model: WatchModel, now: Int64) -> String {
        if model.helpShown {
            let lines = fill(WatchText.help, size: model.size)
            return paint(lines, styles: [0: "\u{1B}[1m"], state: model.screen)
        }
        if case .detail(let detail) = model.mode {
            return paint(
                detailLines(detail, model: model, now: now), styles: detailStyles(model), state: model.screen)
        }
        return paint(listLines(model: model, now: now), styles: listStyles(model), state: model.screen)
    }

    /// The list frame's lines, with the bottom line the search, the question or the last message
    /// when there is one. An open prompt stays on the bottom line, with what it typed: a value refused
    /// on Enter is said on the lines above it until the next key (`promptNotice`), so what is typed
    /// next visibly goes into the prompt.
    public static func listLines(model: WatchModel, now: Int64) -> [String] {
        let footer: String?
        switch model.mode {
        case .search: footer = WatchText.searchPrompt(model.query.search ?? "")
        case .prompt(let prompt): footer = WatchText.prompt(prompt, width: model.size.columns)
        case .confirm(let ids, let deleteData, let bytes, let second):
            footer = WatchText.question(ids: ids, deleteData: deleteData, bytes: bytes, second: second)
        default: footer = model.message.map(TerminalText.safe)
        }
        let rows = Rows(top: model.top, cursor: model.cursor, marked: model.marked, footer: footer)
        var lines = lines(torrents: model.shownTorrents, size: model.size, state: model.screen, now: now, rows: rows)
        let notice = promptNotice(model)
        for (offset, line) in notice.enumerated() {
            let index = lines.count - 1 - notice.count + offset
            if index >= 0 { lines[index] = line }
        }
        return lines
    }

    /// The most lines a refusal above a prompt takes.
    static let promptNoticeLines = 3

    /// Why the prompt's value was refused, wrapped at the width, over the last rows above the prompt;
    /// empty when there is nothing to say or no prompt.
    static func promptNotice(_ model: WatchModel) -> [String] {
        guard case .prompt = model.mode, let message = model.message, model.size.rows > 4 else { return [] }
        let width = max(1, model.size.columns)
        let wrapped = TerminalText.wrap(TerminalText.safe(message), width: width, rest: "  ")
        let room = min(promptNoticeLines, model.size.rows - 4)
        return wrapped.prefix(room).map { cut($0, width) }
    }

    private static func listStyles(_ model: WatchModel) -> [Int: String] {
        var styles = baseStyles(model.screen)
        if !model.shown.isEmpty { styles[3 + model.cursor - model.top] = "\u{1B}[30;46m" }
        switch model.mode {
        case .confirm: styles[max(0, model.size.rows - 1)] = "\u{1B}[1;33m"
        case .prompt:
            let notice = promptNotice(model).count
            for index in max(0, model.size.rows - 1 - notice)..<max(0, model.size.rows - 1) {
                styles[index] = "\u{1B}[1;33m"
            }
        default: break
        }
        return styles
    }

    /// Lines above a detail's section: title, status, summary, two sparklines, tabs, column header.
    static let detailChrome = 7

    /// Rows of a detail's section that fit: all but its chrome and the key line.
    public static func detailRows(_ size: Size) -> Int { max(0, size.rows - detailChrome - 1) }

    public static func detailLines(_ detail: WatchDetail, model: WatchModel, now: Int64) -> [String] {
        let width = max(1, model.size.columns)
        let name = detail.torrent.map { TerminalText.safe($0.name) } ?? ""
        let (server, id) = (titleServer(model.screen, detail.id), shownID(model.screen, detail.id))
        var lines = ["remission watch · \(server) · #\(id) \(name)"]  // verbatim
        lines.append(statusLine(state: model.screen, now: now, width: width))
        guard let torrent = detail.torrent else {
            lines.append(WatchText.loading)
            return fill(lines, size: model.size, footer: model.message.map(TerminalText.safe) ?? WatchText.detailKeys)
        }
        lines.append(WatchText.summary(torrent))
        lines += historyLines(model.history, id: detail.id, width: width)
        lines.append(WatchText.tabs(torrent, open: detail.section))
        let content = sectionContent(torrent, detail.section, zone: model.screen.zone)
        lines.append(content.header)
        let rows = detailRows(model.size)
        for (offset, line) in content.lines.dropFirst(detail.top).prefix(rows).enumerated() {
            let marker = detail.section == .files && detail.top + offset == detail.cursor ? ">" : " "
            lines.append(marker + line)
        }
        return fill(lines, size: model.size, footer: model.message.map(TerminalText.safe) ?? WatchText.detailKeys)
    }

    /// The id a person reads: the server's own under `watch --all`.
    static func shownID(_ state: State, _ id: Int) -> Int { state.servers == nil ? id : MergedID.id(id) }

    /// The detail's server: the torrent's own under `watch --all`.
    static func titleServer(_ state: State, _ id: Int) -> String {
        state.servers?.server(of: id).map { TerminalText.safe($0.name) } ?? state.server
    }

    private static func detailStyles(_ model: WatchModel) -> [Int: String] {
        var styles = baseStyles(model.screen)
        styles[2] = nil
        styles[detailChrome - 1] = "\u{1B}[7m"
        if case .detail(let detail) = model.mode, detail.section == .files, detail.torrent != nil {
            styles[detailChrome + detail.cursor - detail.top] = "\u{1B}[30;46m"
        }
        return styles
    }

    /// Download and upload sparklines of the refreshes kept.
    static func historyLines(_ history: WatchSpeedHistory, id: Int, width: Int) -> [String] {
        let room = max(1, width - 40)
        let samples = history.samples(for: id).suffix(room)
        let seconds = Int((Double(samples.count) * history.interval).rounded())
        let down = samples.map(\.down)
        let up = samples.map(\.up)
        return [
            WatchText.history(
                "↓", line: WatchSpeedHistory.sparkline(down, width: room), peak: down.max() ?? 0,
                seconds: seconds),
            WatchText.history(
                "↑", line: WatchSpeedHistory.sparkline(up, width: room), peak: up.max() ?? 0,
                seconds: seconds),
        ]
    }

    /// A section's column header and its lines (one per file for files).
    static func sectionContent(
        _ torrent: Torrent, _ section: WatchDetail.Section, zone: TimeZoneChoice
    ) -> (header: String, lines: [String]) {
        let text = sectionText(torrent, section, zone: zone)
        switch section {
        case .files, .peers:
            guard text.count > 1 else { return ("", text) }
            return (" " + text[1], Array(text.dropFirst(2)))
        case .trackers:
            return ("", text.count > 1 ? Array(text.dropFirst()) : text)
        }
    }

    /// The lines `info --files`, `--trackers` or `--peers` would print.
    static func sectionText(_ torrent: Torrent, _ section: WatchDetail.Section, zone: TimeZoneChoice) -> [String] {
        switch section {
        case .files: return TorrentText.files(torrent)
        case .trackers: return TorrentText.trackers(torrent, zone: zone)
        case .peers: return TorrentText.peers(torrent)
        }
    }

    /// The rows a section scrolls through (how many does not depend on the clock's zone).
    static func sectionLines(_ torrent: Torrent, _ section: WatchDetail.Section) -> [String] {
        sectionContent(torrent, section, zone: .utc).lines
    }

    /// `lines` cut to the width and padded to the screen's rows, `footer` on the last.
    static func fill(_ lines: [String], size: Size, footer: String? = nil) -> [String] {
        let rows = max(1, size.rows)
        var filled = Array(lines.prefix(footer == nil ? rows : rows - 1))
        filled += Array(repeating: "", count: max(0, rows - filled.count - (footer == nil ? 0 : 1)))
        if let footer { filled.append(footer) }
        return filled.prefix(rows).map { cut($0, max(1, size.columns)) }
    }
}
