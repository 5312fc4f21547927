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

    public static func render(torrents: [Torrent], size: Size, state: State, now: Int64) -> String {
        let lines = lines(torrents: torrents, size: size, state: state, now: now)
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += style(line, index: index, state: state) + "\u{1B}[K"
            if index < lines.count - 1 { frame += "\r\n" }
        }
        return frame + "\u{1B}[J"
    }

    private static func style(_ line: String, index: Int, state: State) -> String {
        guard state.useColor, !line.isEmpty else { return line }
        switch index {
        case 0: return "\u{1B}[1m\(line)\u{1B}[0m"
        case 1 where state.offline != nil: return "\u{1B}[1;31m\(line)\u{1B}[0m"
        case 2: return "\u{1B}[7m\(line)\u{1B}[0m"
        default: return line
        }
    }

    /// The frame's lines, at most `size.rows`, each at most `size.columns` characters.
    public static func lines(torrents: [Torrent], size: Size, state: State, now: Int64) -> [String] {
        let width = max(1, size.columns)
        let layout = Layout(columns: width)
        var lines: [String] = []
        let down = torrents.reduce(0) { ServerArithmetic.sum($0, $1.rateDownload) }
        let up = torrents.reduce(0) { ServerArithmetic.sum($0, $1.rateUpload) }
        lines.append(
            "remission watch · \(state.server) · \(state.totalCount) torrent\(state.totalCount == 1 ? "" : "s")"
                + " · ↓ \(Units.rate(down)) ↑ \(Units.rate(up))")
        lines.append(statusLine(state: state, now: now))
        lines.append(layout.header)
        let rowSpace = max(0, size.rows - 4)
        let hidden = max(0, torrents.count - rowSpace)
        for torrent in torrents.prefix(rowSpace) { lines.append(layout.row(torrent)) }
        if lines.count < size.rows - 1 {
            lines += Array(repeating: "", count: size.rows - 1 - lines.count)
        }
        let total = torrents.reduce(0) { ServerArithmetic.sum($0, $1.sizeWhenDone) }
        var totals = "Total: \(torrents.count) shown"
        if torrents.count != state.totalCount { totals += " of \(state.totalCount)" }
        if hidden > 0 { totals += " (\(hidden) more below)" }
        totals += " · \(Units.bytes(total)) · ↓ \(Units.rate(down)) ↑ \(Units.rate(up))"
        if !state.view.isEmpty { totals += " · \(state.view)" }
        totals += " · q quits"
        lines.append(totals)
        return lines.prefix(max(1, size.rows)).map { cut($0, width) }
    }

    /// A refresh is shown as waiting once it has taken this long (a normal one takes a fraction of
    /// a second; the clock has whole seconds, so 2 is between 1 and 2 s).
    public static let waitingAfterSeconds: Int64 = 2

    /// The update time; while a refresh is slow, the age of the data shown and what it waits for
    /// (until `--timeout` ends it and the view turns OFFLINE); when offline, the banner with the
    /// data's time and age, and the next attempt.
    public static func statusLine(state: State, now: Int64) -> String {
        let waiting = state.refreshStartedAt.map { now - $0 >= waitingAfterSeconds } ?? false
        let age = state.lastUpdate.map { Units.duration(Int(clamping: max(0, now - $0))) }
        guard let offline = state.offline else {
            guard let lastUpdate = state.lastUpdate else {
                return waiting ? "connecting to \(state.server)… (no answer yet)" : "connecting…"
            }
            guard waiting, let age else { return "updated \(Units.clock(lastUpdate))" }
            return "updated \(Units.clock(lastUpdate)) · data \(age) old, waiting for \(state.server)…"
        }
        let data = state.lastUpdate.map { "data from \(Units.clock($0)) (\(age ?? "0s") old)" } ?? "no data yet"
        let next =
            state.refreshStartedAt != nil
            ? "retrying now, waiting for \(state.server)…" : "retrying in \(max(0, offline.retryAt - now))s"
        return "OFFLINE — \(data) · \(next) · \(offline.reason)"
    }

    /// A progress bar `width` characters wide, brackets included: `[#####.....]`.
    public static func bar(_ fraction: Double, width: Int) -> String {
        let inner = max(0, width - 2)
        let clamped = fraction.isNaN ? 0 : min(1, max(0, fraction))
        let filled = Int((clamped * Double(inner)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: inner - filled) + "]"
    }

    /// At most `width` characters; a longer text ends with an ellipsis.
    public static func cut(_ text: String, _ width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(0, width))) }
        return String(text.prefix(width - 1)) + "…"
    }

    public static func eta(_ torrent: Torrent) -> String {
        if torrent.leftUntilDone == 0 && torrent.sizeWhenDone > 0 { return "Done" }
        switch torrent.eta {
        case -1: return "-"
        case ..<0: return "?"
        default: return Units.duration(torrent.eta)
        }
    }
}

extension WatchScreen {
    /// Column widths for a terminal width: fixed columns, a bar when there is room, the name takes the rest.
    public struct Layout {
        static let fixed = 4 + 1 + 4 + 1 + 9 + 1 + 7 + 1 + 10 + 1 + 10 + 1 + 5 + 1 + 11 + 1
        let barWidth: Int
        let nameWidth: Int

        init(columns: Int) {
            let spare = columns - Self.fixed - 16
            barWidth = spare >= 7 ? min(22, spare) : 0
            nameWidth = max(1, columns - Self.fixed - (barWidth > 0 ? barWidth + 1 : 0))
        }

        var header: String {
            right("ID", 4) + " " + (barWidth > 0 ? left("Progress", barWidth) + " " : "") + right("Done", 4) + " "
                + right("Have", 9) + " " + right("ETA", 7) + " " + right("Down", 10) + " " + right("Up", 10) + " "
                + right("Ratio", 5) + " " + left("Status", 11) + " " + "Name"
        }

        func row(_ torrent: Torrent) -> String {
            let percent = ServerArithmetic.floor(torrent.percentDone * 100)
            let have =
                torrent.haveValid ?? max(0, ServerArithmetic.difference(torrent.sizeWhenDone, torrent.leftUntilDone))
            let status = torrent.hasError ? "Error" : torrent.activityLabel
            let name = (torrent.hasError ? "! " : "") + TerminalText.safe(torrent.name)
            return right("\(torrent.id)", 4) + " "
                + (barWidth > 0 ? WatchScreen.bar(torrent.percentDone, width: barWidth) + " " : "")
                + right("\(percent)%", 4) + " " + right(Units.bytes(have), 9) + " "
                + right(WatchScreen.eta(torrent), 7) + " " + right(Units.rate(torrent.rateDownload), 10) + " "
                + right(Units.rate(torrent.rateUpload), 10) + " "
                + right(Units.ratio(torrent.uploadRatio), 5)
                + " " + left(WatchScreen.cut(status, 11), 11) + " " + WatchScreen.cut(name, nameWidth)
        }

        private func right(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - text.count)) + text
        }

        private func left(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
    }
}
