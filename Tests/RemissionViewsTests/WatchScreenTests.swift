import RemissionModel
import RemissionSession
import Testing

@testable import RemissionViews

@Suite("watch screen (pure rendering)")
struct WatchScreenTests {
    static let now: Int64 = 1_795_000_000

    static func torrent(_ id: Int, _ name: String, done: Double, size: Int = 1_000_000_000) -> Torrent {
        var torrent = Torrent(id: id, name: name, status: done < 1 ? .downloading : .seeding)
        torrent.percentDone = done
        torrent.sizeWhenDone = size
        torrent.leftUntilDone = Int(Double(size) * (1 - done))
        torrent.rateDownload = done < 1 ? 1_500_000 : 0
        torrent.rateUpload = 20_000
        torrent.eta = done < 1 ? 3_700 : -1
        torrent.uploadRatio = 0.5
        return torrent
    }

    static let torrents = [
        torrent(1, "debian-12.iso", done: 0.5),
        torrent(2, "ubuntu-24.04-desktop-amd64.iso", done: 1),
        torrent(3, "a very long torrent name that goes on and on and on to overflow any column", done: 0.1),
    ]

    static func state(offline: WatchScreen.Offline? = nil, lastUpdate: Int64? = now) -> WatchScreen.State {
        WatchScreen.State(server: "nas", lastUpdate: lastUpdate, offline: offline, totalCount: torrents.count)
    }

    @Test("progress bars: empty, half, full, clamped")
    func bars() {
        #expect(WatchScreen.bar(0, width: 12) == "[..........]")
        #expect(WatchScreen.bar(0.5, width: 12) == "[#####.....]")
        #expect(WatchScreen.bar(1, width: 12) == "[##########]")
        #expect(WatchScreen.bar(1.7, width: 6) == "[####]")
        #expect(WatchScreen.bar(-1, width: 6) == "[....]")
    }

    @Test(
        "every line fits the width, and the frame has exactly the terminal's rows", arguments: [20, 40, 80, 120, 200])
    func widths(columns: Int) {
        let lines = WatchScreen.lines(
            torrents: Self.torrents, size: .init(columns: columns, rows: 12), state: Self.state(), now: Self.now)
        #expect(lines.count == 12)
        for line in lines { #expect(line.count <= columns, "\(line)") }
    }

    @Test("a wide terminal shows header, bars, rates, ETA and totals")
    func content() {
        let lines = WatchScreen.lines(
            torrents: Self.torrents, size: .init(columns: 150, rows: 10), state: Self.state(), now: Self.now)
        #expect(lines[0].hasPrefix("remission watch · nas · 3 torrents"))
        #expect(lines[1] == "updated \(Units.clock(Self.now, .local))")
        #expect(lines[2].contains("ID") && lines[2].contains("Progress") && lines[2].hasSuffix("Name"))
        #expect(lines[3].contains("#") && lines[3].contains("50%") && lines[3].contains("1.50 MB/s"))
        #expect(lines[3].contains("1h 1m") && lines[3].hasSuffix("debian-12.iso"))
        #expect(lines[4].contains("100%") && lines[4].contains("Done") && lines[4].contains("Seeding"))
        #expect(lines.last!.hasPrefix("Total: 3 shown · 3.00 GB · ↓ 3.00 MB/s ↑ 60.0 kB/s"))
    }

    @Test("long names end with an ellipsis; narrow terminals drop the bar")
    func truncation() {
        let wide = WatchScreen.lines(
            torrents: Self.torrents, size: .init(columns: 120, rows: 10), state: Self.state(), now: Self.now)
        #expect(wide[5].count == 120)
        #expect(wide[5].hasSuffix("…"))
        #expect(wide[5].contains("a very long torrent"))
        let narrow = WatchScreen.lines(
            torrents: Self.torrents, size: .init(columns: 80, rows: 10), state: Self.state(), now: Self.now)
        #expect(!narrow[2].contains("Progress"))
        #expect(!narrow[3].contains("#"))
    }

    @Test(
        "sorted by queue: a Queue column after the ID with each position; at 80 columns names keep 40 cells",
        arguments: [80, 120, 40])
    func queueColumn(columns: Int) {
        let names = (1...3).map { "queued-\($0)-" + String(repeating: "x", count: 40) }
        let torrents = (1...3).map { id in
            var torrent = Self.torrent(id, names[id - 1], done: 0.2)
            torrent.queuePosition = 3 - id
            return torrent
        }
        var state = Self.state()
        state.showsQueue = true
        let lines = WatchScreen.lines(
            torrents: torrents, size: .init(columns: columns, rows: 10), state: state, now: Self.now)
        let header = lines[2]
        #expect(header.hasPrefix("  ID Queue "), "\(header)")
        #expect(lines[3].hasPrefix("   1     2 "), "\(lines[3])")
        #expect(lines[5].hasPrefix("   3     0 "), "\(lines[5])")
        for line in lines { #expect(TerminalText.width(line) <= columns, "\(line)") }
        if columns >= 80 {
            let nameStart = header.distance(from: header.startIndex, to: header.range(of: "Name")!.lowerBound)
            #expect(columns - nameStart >= 40, "\(header)")
            #expect(lines[3].contains(String(names[0].prefix(39))), "\(lines[3])")
        }
        // Not sorted by queue: no column.
        let plain = WatchScreen.lines(
            torrents: torrents, size: .init(columns: columns, rows: 10), state: Self.state(), now: Self.now)
        #expect(!plain[2].contains("Queue"))
    }

    @Test("more torrents than rows: the rest is counted on the totals line")
    func overflow() {
        let many = (1...30).map { Self.torrent($0, "t\($0)", done: 0.3) }
        var state = Self.state()
        state.totalCount = 30
        let lines = WatchScreen.lines(torrents: many, size: .init(columns: 100, rows: 10), state: state, now: Self.now)
        #expect(lines.count == 10)
        #expect(lines.last!.contains("Total: 30 shown (24 more below)"))
    }

    @Test("offline banner keeps the last data and says when it is from")
    func offlineBanner() {
        let offline = WatchScreen.Offline(reason: "connection refused", retryAt: Self.now + 4)
        let lines = WatchScreen.lines(
            torrents: Self.torrents, size: .init(columns: 140, rows: 10),
            state: Self.state(offline: offline, lastUpdate: Self.now - 60), now: Self.now)
        #expect(
            lines[1]
                == "OFFLINE — data from \(Units.clock(Self.now - 60, .local)) (1m old) · retrying in 4s · connection refused"
        )
        #expect(lines[3].hasSuffix("debian-12.iso"))
        let empty = WatchScreen.lines(
            torrents: [], size: .init(columns: 140, rows: 10), state: Self.state(offline: offline, lastUpdate: nil),
            now: Self.now)
        #expect(empty[1].hasPrefix("OFFLINE — no data yet"))
    }

    @Test("a slow refresh shows the data's age and what it waits for, from 2 s on; a quick one does not")
    func waitingForRefresh() {
        var state = Self.state(lastUpdate: Self.now - 8)
        let updated = "updated \(Units.clock(Self.now - 8, .local))"
        #expect(WatchScreen.statusLine(state: state, now: Self.now) == updated)
        state.refreshStartedAt = Self.now - 1
        #expect(WatchScreen.statusLine(state: state, now: Self.now) == updated)
        state.refreshStartedAt = Self.now - 2
        #expect(WatchScreen.statusLine(state: state, now: Self.now) == updated + " · data 8s old, waiting for nas…")
        // The clock goes on while the refresh hangs (until --timeout turns the view OFFLINE).
        #expect(
            WatchScreen.statusLine(state: state, now: Self.now + 75)
                == "updated \(Units.clock(Self.now - 8, .local)) · data 1m 23s old, waiting for nas…")
    }

    @Test("before the first answer: connecting…, then that nothing has answered yet")
    func waitingForFirstAnswer() {
        var state = Self.state(lastUpdate: nil)
        state.refreshStartedAt = Self.now
        #expect(WatchScreen.statusLine(state: state, now: Self.now) == "connecting…")
        #expect(WatchScreen.statusLine(state: state, now: Self.now + 5) == "connecting to nas… (no answer yet)")
    }

    @Test("offline while the next attempt runs: the data's age and that it is retrying now")
    func offlineRetrying() {
        var state = Self.state(
            offline: WatchScreen.Offline(reason: "timed out waiting for the response", retryAt: Self.now),
            lastUpdate: Self.now - 30)
        state.refreshStartedAt = Self.now - 3
        #expect(
            WatchScreen.statusLine(state: state, now: Self.now)
                == "OFFLINE — data from \(Units.clock(Self.now - 30, .local)) (30s old) · retrying now, waiting for nas… · "
                + "timed out waiting for the response")
    }

    @Test("a frame homes the cursor, clears each line's end and the rest of the screen; no trailing newline")
    func frame() {
        let state = Self.state()
        let lines = WatchScreen.lines(
            torrents: Self.torrents, size: .init(columns: 100, rows: 8), state: state, now: Self.now)
        let frame = WatchScreen.paint(lines, styles: WatchScreen.baseStyles(state), state: state)
        #expect(frame.hasPrefix("\u{1B}[H"))
        #expect(frame.hasSuffix("\u{1B}[K\u{1B}[J"))
        #expect(frame.components(separatedBy: "\u{1B}[K").count == 9)
        #expect(frame.components(separatedBy: "\r\n").count == 8)
        #expect(!frame.contains("\u{1B}[1;31m"))
    }

    @Test(
        "units: one vocabulary for sizes, rates, durations, ratios and percentages",
        arguments: [
            (Units.bytes(0), "0 B"), (Units.bytes(999), "999 B"), (Units.bytes(1_234), "1.23 kB"),
            (Units.bytes(105_000), "105 kB"), (Units.bytes(34_500_000), "34.5 MB"),
            (Units.bytes(83_262_287_872), "83.3 GB"), (Units.bytes(999_960), "1.00 MB"), (Units.bytes(-1), "?"),
            (Units.bytes(Int.max), "9.22 EB"), (Units.rate(150_000), "150 kB/s"), (Units.duration(45), "45s"),
            (Units.duration(3_600), "1h"), (Units.duration(3_700), "1h 1m"), (Units.duration(90_000), "1d 1h"),
            (Units.eta(-1, done: false), "Unknown"), (Units.eta(-2, done: false), "Unknown"), (Units.ratio(-1), "None"),
            (Units.ratio(-2), "Inf"), (Units.ratio(0.5), "0.50"), (Units.ratio(12.25), "12.25"),
            (Units.ratio(1e300), "huge"), (Units.percent(0.999), "99.9%"), (Units.percent(1), "100%"),
            (Units.percent(.nan), "?"), (Units.decimal(.infinity, places: 1), "Inf"),
        ])
    func units(text: String, expected: String) {
        #expect(text == expected)
    }

    @Test("at 80 columns a search's bottom line keeps its keys; a filter that matches nothing says so")
    func searchAtEighty() {
        let size = WatchScreen.Size(columns: 80, rows: 24)
        var state = Self.state()
        state.totalCount = 200
        let rows = WatchScreen.Rows(cursor: 0)
        for language in [Language.english, .russian] {
            Language.$override.withValue(language) {
                state.view = WatchText.view(ListQuery(status: .downloading, search: "ubuntu"))
                let shown = WatchScreen.lines(
                    torrents: Self.torrents, size: size, state: state, now: Self.now, rows: rows)
                let bottom = shown[23]
                #expect(TerminalText.width(bottom) <= 80, "\(bottom)")
                #expect(bottom.hasSuffix(WatchText.keysHint) || bottom.hasSuffix(WatchText.shortKeysHint), "\(bottom)")
                #expect(bottom.contains(language == .english ? "search 'ubuntu'" : "поиск «ubuntu»"), "\(bottom)")
                let none = WatchScreen.lines(torrents: [], size: size, state: state, now: Self.now, rows: rows)
                #expect(none[3] == "  " + WatchText.nothingMatches(state.view), "\(none)")
                #expect(none[23].hasSuffix(WatchText.shortKeysHint) || none[23].hasSuffix(WatchText.keysHint))
            }
        }
        #expect(WatchText.nothingMatches("search 'x'") == "No torrent matches search 'x'.")
        Language.$override.withValue(.russian) {
            #expect(WatchText.nothingMatches("поиск «x»") == "Ни один торрент не подходит: поиск «x».")
        }
        // A view too long for any line: cut, the keys still at the end.
        state.view = WatchText.view(ListQuery(search: String(repeating: "long search ", count: 10)))
        let cut = WatchScreen.lines(torrents: Self.torrents, size: size, state: state, now: Self.now, rows: rows)[23]
        #expect(TerminalText.width(cut) <= 80 && cut.hasSuffix(WatchText.shortKeysHint) && cut.contains("…"), "\(cut)")
    }
}
