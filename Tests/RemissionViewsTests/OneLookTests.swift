import RemissionModel
import Testing

@testable import RemissionViews

/// Issue 15, "one look": `info`, `watch` and `stats` write the same quantity the same way, through
/// one formatter each in `Units` (`list` keeps transmission-remote's words, `TorrentUnits`, on purpose).
@Suite("One look: one formatter per quantity")
struct OneLookTests {
    static func torrent(left: Int, eta: Int) -> Torrent {
        var torrent = Torrent(id: 7, name: "Война и мир", status: .downloading)
        torrent.sizeWhenDone = 3_000_000
        torrent.leftUntilDone = left
        torrent.percentDone = Double(3_000_000 - left) / 3_000_000
        torrent.rateDownload = 0
        torrent.rateUpload = 1_500
        torrent.eta = eta
        torrent.uploadRatio = 0.516
        return torrent
    }

    static func infoValue(_ torrent: Torrent, _ label: String) -> String? {
        TorrentText.details(torrent, zone: .utc).first { $0.hasPrefix(label + ":") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1].drop { $0 == " " }) }
    }

    @Test(
        "watch's row and info say the same ETA, rate and ratio",
        arguments: [(0, -1), (1_000_000, -1), (1_000_000, -2), (1_000_000, 12_300)])
    func watchAndInfoAgree(left: Int, eta: Int) {
        let torrent = Self.torrent(left: left, eta: eta)
        let row = WatchScreen.Layout(columns: 200).row(torrent)
        let info = Self.infoValue(torrent, "ETA")
        #expect(info == WatchScreen.eta(torrent))
        #expect(row.contains(" \(WatchScreen.eta(torrent)) "), "\(row)")
        #expect(row.contains(Units.rate(1_500)) && Self.infoValue(torrent, "Upload rate") == Units.rate(1_500))
        #expect(row.contains(" 0.52 ") && Self.infoValue(torrent, "Ratio") == "0.52")
        #expect(row.contains(" 0 B/s ") && Self.infoValue(torrent, "Download rate") == "0 B/s")
    }

    @Test("ETA words: Done, Unknown, a duration")
    func eta() {
        #expect(Units.eta(-1, done: true) == "Done")
        #expect(Units.eta(-1, done: false) == "Unknown")
        #expect(Units.eta(-2, done: false) == "Unknown")
        #expect(Units.eta(12_300, done: false) == "3h 25m")
    }

    @Test("percent: one decimal, or whole for narrow columns; never 100% before the end")
    func percent() {
        #expect(Units.percent(0.9999) == "99.9%")
        #expect(Units.percent(0.9999, places: 0) == "99%")
        #expect(Units.percent(1, places: 0) == "100%")
        #expect(Units.percent(0.4231, places: 0) == "42%")
        #expect(Units.percent(-3, places: 0) == "0%")
    }

    @Test("watch's status line follows --utc")
    func watchClock() {
        var state = WatchScreen.State(server: "nas", lastUpdate: 1_795_000_000, totalCount: 0)
        state.zone = .utc
        let lines = WatchScreen.lines(
            torrents: [], size: .init(columns: 80, rows: 10), state: state, now: 1_795_000_000)
        #expect(lines[1] == "updated 11:06:40")  // 2026-11-18 11:06:40 UTC
    }

    @Test("a date names its zone; UTC is computed, not looked up")
    func dates() {
        let clock = WallClock(year: 2026, month: 11, day: 25, hour: 8, minute: 5, second: 9, zone: "CET")
        #expect(Units.dateTime(clock) == "2026-11-25 08:05:09 CET")
        #expect(Units.dateTime(clock, seconds: false) == "2026-11-25 08:05 CET")
        #expect(Units.date(1_700_000_000, .utc) == "2023-11-14 22:13:20 UTC")
        #expect(Units.date(0, .utc) == "never")
        #expect(Units.date(nil, .local) == "never")
        #expect(WallClock.offsetName(19_800) == "+0530")
        #expect(WallClock.offsetName(-3_600) == "-0100")
        let year = WallClock(year: 7, month: 1, day: 2, hour: 0, minute: 0, second: 0, zone: "UTC")
        #expect(Units.dateTime(year) == "0007-01-02 00:00:00 UTC")
    }
}
