import RemissionModel

/// The frames of `remission watch`, pure: the same torrents, size, state and time give the same text.
///
/// A frame is the title, a status line (update time, or the `OFFLINE — data from <time>` banner),
/// the column header, one row per torrent that fits and a totals line; every line is cut to the width,
/// so a row never wraps. `render` wraps the lines for a flicker-free redraw: cursor home, each line
/// overwritten and cleared to its end, the rest of the screen cleared.
public enum WatchScreen {
    public struct Size: Equatable, Sendable {
        public var columns: Int
        public var rows: Int
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// The server is not answering: why, and when the next attempt is due.
    public struct Offline: Equatable, Sendable {
        public var reason: String
        public var retryAt: Int64
        public init(reason: String, retryAt: Int64) {
            self.reason = reason
            self.retryAt = retryAt
        }
    }

    public struct State: Equatable, Sendable {
        public var server: String
        /// When the shown data was fetched; nil before the first answer.
        public var lastUpdate: Int64?
        public var offline: Offline?
        /// When the refresh in flight was sent; nil when none is.
        public var refreshStartedAt: Int64?
        /// Torrents on the server before `--status` filtered them.
        public var totalCount: Int
        /// E.g. "status downloading, by eta".
        public var view: String = ""
        public var useColor = false
        /// The clock of the status line's times: local, or UTC with --utc.
        public var zone = TimeZoneChoice.local
        /// `watch --all`: the servers of the merged rows (a Server column, their own status line).
        public var servers: WatchServers?
        /// A Queue column after the ID (and the Server): shown when the rows are sorted by queue.
        public var showsQueue = false

        public init(
            server: String, lastUpdate: Int64? = nil, offline: Offline? = nil, totalCount: Int, view: String = "",
            useColor: Bool = false
        ) {
            self.server = server
            self.lastUpdate = lastUpdate
            self.offline = offline
            self.totalCount = totalCount
            self.view = view
            self.useColor = useColor
        }
    }

    /// The escape sequences of a frame's lines: the title bold, the offline banner red, the header reversed.
    static func baseStyles(_ state: State) -> [Int: String] {
        var styles = [0: "\u{1B}[1m", 2: "\u{1B}[7m"]
        if state.offline != nil { styles[1] = "\u{1B}[1;31m" }
        return styles
    }

    /// One frame for one `write`: cursor home, each line overwritten and cleared to its end (styled
    /// when colours are on), the rest of the screen cleared.
    static func paint(_ lines: [String], styles: [Int: String], state: State) -> String {
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            if state.useColor, !line.isEmpty, let style = styles[index] {
                frame += style + line + "\u{1B}[0m"
            } else {
                frame += line
            }
            frame += "\u{1B}[K"
            if index < lines.count - 1 { frame += "\r\n" }
        }
        return frame + "\u{1B}[J"
    }

    /// The interactive part of a list frame: the first row shown, the cursor's row and the marked
    /// ids (a two-cell gutter: `>` at the cursor, `*` when marked), and what replaces the totals.
    public struct Rows: Equatable, Sendable {
        public var top = 0
        public var cursor: Int?
        public var marked: Set<Int> = []
        /// A prompt, question or message instead of the totals line.
        public var footer: String?
        public init(top: Int = 0, cursor: Int? = nil, marked: Set<Int> = [], footer: String? = nil) {
            self.top = top
            self.cursor = cursor
            self.marked = marked
            self.footer = footer
        }
    }

    /// The frame's lines, at most `size.rows`, each at most `size.columns` terminal cells; rows
    /// from `rows.top` on.
    public static func lines(
        torrents: [Torrent], size: Size, state: State, now: Int64, rows: Rows = Rows()
    ) -> [String] {
        let gutter = rows.cursor == nil ? 0 : 2
        let width = max(1, size.columns)
        let rowSpace = listRows(size)
        let top = max(0, min(rows.top, torrents.count - rowSpace))
        let visible = torrents.dropFirst(top).prefix(rowSpace)
        let widestName = visible.reduce(0) { max($0, TerminalText.width(Layout.name($1))) }
        let layout = Layout(
            columns: width - gutter, widestName: widestName, servers: state.servers, queue: state.showsQueue)
        var lines: [String] = []
        let down = torrents.reduce(0) { ServerArithmetic.sum($0, $1.rateDownload) }
        let up = torrents.reduce(0) { ServerArithmetic.sum($0, $1.rateUpload) }
        lines.append(
            "remission watch · \(state.server) · "  // verbatim
                + tr("\(count: state.totalCount, "torrent", "torrents")")
                + " · ↓ \(Units.rate(down)) ↑ \(Units.rate(up))")
        lines.append(statusLine(state: state, now: now, width: width))
        lines.append(String(repeating: " ", count: gutter) + layout.header)
        for (offset, torrent) in visible.enumerated() {
            let mark =
                gutter == 0
                ? "" : (top + offset == rows.cursor ? ">" : " ") + (rows.marked.contains(torrent.id) ? "*" : " ")
            lines.append(mark + layout.row(torrent))
        }
        // A filter that matches nothing says so, instead of an empty body.
        if torrents.isEmpty, state.totalCount > 0, !state.view.isEmpty, rowSpace > 0 {
            lines.append(String(repeating: " ", count: gutter) + WatchText.nothingMatches(state.view))
        }
        if lines.count < size.rows - 1 {
            lines += Array(repeating: "", count: size.rows - 1 - lines.count)
        }
        lines.append(
            rows.footer ?? totalsLine(torrents, top: top, rowSpace: rowSpace, rows: rows, state: state, width: width))
        return lines.prefix(max(1, size.rows)).map { cut($0, width) }
    }

    /// The bottom line: how many are shown (and above, below, marked), their size and rates, the view
    /// and the keys. Its end (the keys) always shows: when the line is too wide, the rates go first
    /// (the title has them), then the size, then "q quits" (`?` lists it), then the view is cut.
    static func totalsLine(
        _ torrents: [Torrent], top: Int, rowSpace: Int, rows: Rows, state: State, width: Int
    ) -> String {
        var head =
            torrents.count != state.totalCount
            ? tr("Total: \(torrents.count) shown of \(state.totalCount)") : tr("Total: \(torrents.count) shown")
        let below = max(0, torrents.count - top - rowSpace)
        if top > 0 { head += " " + tr("(\(top) above)") }
        if below > 0 { head += " " + tr("(\(below) more below)") }
        let marked = rows.marked.isEmpty ? nil : tr("\(rows.marked.count) marked")
        let size = Units.bytes(torrents.reduce(0) { ServerArithmetic.sum($0, $1.sizeWhenDone) })
        let down = torrents.reduce(0) { ServerArithmetic.sum($0, $1.rateDownload) }
        let up = torrents.reduce(0) { ServerArithmetic.sum($0, $1.rateUpload) }
        let rates = "↓ \(Units.rate(down)) ↑ \(Units.rate(up))"
        let view = state.view.isEmpty ? nil : state.view
        let allKeys = rows.cursor == nil ? tr("q quits") : WatchText.keysHint
        func joined(_ parts: [String?]) -> String { parts.compactMap { $0 }.joined(separator: " · ") }
        let keys = rows.cursor == nil ? allKeys : WatchText.shortKeysHint
        let choices = [
            [head, marked, size, rates, view, allKeys], [head, marked, size, view, allKeys],
            [head, marked, view, allKeys],
            [head, marked, view, keys],
        ]
        for parts in choices where TerminalText.width(joined(parts)) <= width { return joined(parts) }
        guard let view else { return joined([head, marked, keys]) }
        let room = width - TerminalText.width(joined([head, marked, "", keys]))
        return room > 1 ? joined([head, marked, cut(view, room), keys]) : joined([head, marked, keys])
    }

    /// Rows of torrents a list frame has room for: all but the title, status, header and totals lines.
    public static func listRows(_ size: Size) -> Int { max(0, size.rows - 4) }

    /// The first row to show so that the cursor's row is on the screen, moving as little as
    /// possible from `top`, and no empty rows below the last torrent.
    public static func scrolled(top: Int, cursor: Int, rows: Int, count: Int) -> Int {
        guard rows > 0, count > 0 else { return 0 }
        var first = min(top, cursor)
        if cursor >= first + rows { first = cursor - rows + 1 }
        return max(0, min(first, count - rows))
    }

    /// A refresh is shown as waiting once it has taken this long (a normal one takes a fraction of
    /// a second; the clock has whole seconds, so 2 is between 1 and 2 s).
    public static let waitingAfterSeconds: Int64 = 2

    /// The update time; while a refresh is slow, the age of the data shown and what it waits for
    /// (until `--timeout` ends it and the view turns OFFLINE); when offline, the banner with the
    /// data's time and age, and the next attempt.
    public static func statusLine(state: State, now: Int64, width: Int = .max) -> String {
        if let servers = state.servers { return servers.statusLine(now: now, zone: state.zone, width: width) }
        let waiting = state.refreshStartedAt.map { now - $0 >= waitingAfterSeconds } ?? false
        let age = state.lastUpdate.map { Units.duration(Int(clamping: max(0, now - $0))) }
        guard let offline = state.offline else {
            guard let lastUpdate = state.lastUpdate else {
                return waiting ? tr("connecting to \(state.server)… (no answer yet)") : tr("connecting…")
            }
            guard waiting, let age else { return tr("updated \(Units.clock(lastUpdate, state.zone))") }
            return tr("updated \(Units.clock(lastUpdate, state.zone)) · data \(age) old, waiting for \(state.server)…")
        }
        let data =
            state.lastUpdate.map { tr("data from \(Units.clock($0, state.zone)) (\(age ?? Units.duration(0)) old)") }
            ?? tr("no data yet")
        let next =
            state.refreshStartedAt != nil
            ? tr("retrying now, waiting for \(state.server)…")
            : tr("retrying in \(Units.duration(Int(clamping: max(0, offline.retryAt - now))))")
        return tr("OFFLINE — \(data) · \(next) · \(offline.reason)")
    }

    /// A progress bar `width` characters wide, brackets included: `[#####.....]`.
    public static func bar(_ fraction: Double, width: Int) -> String {
        let inner = max(0, width - 2)
        let clamped = fraction.isNaN ? 0 : min(1, max(0, fraction))
        let filled = Int((clamped * Double(inner)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: inner - filled) + "]"
    }

    /// At most `width` terminal cells (wide characters count two); a longer text ends with `…`.
    public static func cut(_ text: String, _ width: Int) -> String {
        TerminalText.truncated(text, to: max(0, width))
    }

    public static func eta(_ torrent: Torrent) -> String {
        Units.eta(torrent.eta, done: TorrentText.isDone(torrent))
    }
}

extension WatchScreen {
    /// Columns give way before a name gets narrower than this (as in `list`).
    public static let preferredNameWidth = TorrentTable.preferredNameWidth

    /// Column widths for a terminal width, names first: while the name would get fewer than
    /// `preferredNameWidth` cells (or the widest name's, if fewer), Have, Up, Ratio, Down and ETA
    /// are dropped in that order (as in `list`); the progress bar only takes room names do not
    /// need. Widths are terminal cells (`TerminalText.width`): a CJK name never wraps. A column asked
    /// for (Server with `--all`, Queue when sorted by queue) is never dropped: it is why the view is
    /// open; at 80 columns both leave names their 40 cells.
    public struct Layout {
        /// ID, Done, Have, ETA, Down, Up, Ratio, Status: titles and widths.
        static var titles: [String] {
            [
                tr(context: "column", "ID"), tr(context: "column", "Done"), tr(context: "column", "Have"),
                tr(context: "column", "ETA"), tr(context: "column", "Down"), tr(context: "column", "Up"),
                tr(context: "column", "Ratio"), tr(context: "column", "Status"),
            ]
        }
        static let widths = [4, 4, 9, 7, 10, 10, 5, 11]
        /// Indices into `titles`, the first to go.
        static let dropOrder = [2, 5, 6, 4, 3]
        static let fixed = widths.reduce(0, +) + widths.count
        let shown: [Bool]
        let barWidth: Int
        let nameWidth: Int
        /// `watch --all`: the Server column after the ID (0: none), and whose rows are offline.
        let servers: WatchServers?
        let serverWidth: Int
        /// The Queue column after the ID and the Server (0: none): the daemon's queue position.
        let queueWidth: Int
        static let queueColumnWidth = 5

        init(columns: Int, widestName: Int = .max, servers: WatchServers? = nil, queue: Bool = false) {
            self.servers = servers
            serverWidth = servers?.columnWidth ?? 0
            queueWidth = queue ? Self.queueColumnWidth : 0
            var columns = servers == nil ? columns : columns - serverWidth - 1
            if queue { columns -= queueWidth + 1 }
            let wanted = min(widestName, WatchScreen.preferredNameWidth)
            var shown = [Bool](repeating: true, count: Self.widths.count)
            var fixed = Self.fixed
            for column in Self.dropOrder where columns - fixed < wanted {
                shown[column] = false
                fixed -= Self.widths[column] + 1
            }
            self.shown = shown
            let spare = columns - fixed - max(wanted, 16) - 1
            barWidth = !shown.contains(false) && spare >= 7 ? min(22, spare) : 0
            nameWidth = max(1, columns - fixed - (barWidth > 0 ? barWidth + 1 : 0))
        }

        var header: String {
            line(
                Self.titles, server: tr(context: "column", "Server"), queue: tr(context: "column", "Queue"),
                bar: left(tr(context: "column", "Progress"), barWidth),
                name: tr(context: "column", "Name"))
        }

        func row(_ torrent: Torrent) -> String {
            let have = TorrentText.present(torrent)  // as info's Have says it
            let server = servers?.server(of: torrent.id)
            let status =
                server?.isOffline == true
                ? tr(context: "state", "Offline")
                : torrent.hasError ? tr(context: "state", "Error") : TorrentWords.activity(torrent)
            let cells = [
                "\(servers == nil ? torrent.id : MergedID.id(torrent.id))",
                Units.percent(torrent.percentDone, places: 0), Units.bytes(have),
                WatchScreen.eta(torrent),
                Units.rate(torrent.rateDownload), Units.rate(torrent.rateUpload), Units.ratio(torrent.uploadRatio),
                status,
            ]
            return line(
                cells, server: TerminalText.safe(server?.name ?? ""),
                queue: torrent.queuePosition.map(String.init) ?? "",
                bar: WatchScreen.bar(torrent.percentDone, width: barWidth),
                name: WatchScreen.cut(Self.name(torrent), nameWidth))
        }

        /// The name as shown: terminal-safe, `! ` before a torrent with an error.
        static func name(_ torrent: Torrent) -> String {
            (torrent.hasError ? "! " : "") + TerminalText.safe(torrent.name)
        }

        /// The shown cells padded to their columns (all right-aligned but Status), the bar after
        /// the ID when there is one, then the name.
        private func line(_ cells: [String], server: String, queue: String, bar: String, name: String) -> String {
            var text = ""
            for column in cells.indices where shown[column] {
                let width = Self.widths[column]
                text += column == 7 ? left(WatchScreen.cut(cells[column], width), width) : right(cells[column], width)
                text += " "
                if column == 0 && serverWidth > 0 {
                    text += left(WatchScreen.cut(server, serverWidth), serverWidth) + " "
                }
                if column == 0 && queueWidth > 0 { text += right(WatchScreen.cut(queue, queueWidth), queueWidth) + " " }
                if column == 0 && barWidth > 0 { text += bar + " " }
            }
            return text + name
        }

        private func right(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - TerminalText.width(text))) + text
        }

        private func left(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - TerminalText.width(text)))
        }
    }
}
