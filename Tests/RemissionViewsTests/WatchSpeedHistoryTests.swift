import RemissionModel
import Testing

@testable import RemissionViews

@Suite("watch speed history and sparklines")
struct WatchSpeedHistoryTests {
    static func torrent(_ id: Int, down: Int, up: Int = 0) -> Torrent {
        var torrent = Torrent(id: id, name: "t\(id)")
        torrent.rateDownload = down
        torrent.rateUpload = up
        return torrent
    }

    @Test("samples per torrent, oldest first, zeros before it moved; at most the capacity")
    func samples() {
        var history = WatchSpeedHistory(capacity: 3)
        history.record([Self.torrent(1, down: 0)])
        history.record([Self.torrent(1, down: 100, up: 5)])
        #expect(history.samples(for: 1).map(\.down) == [0, 100])
        history.record([Self.torrent(1, down: 200)])
        history.record([Self.torrent(1, down: 300)])
        #expect(history.samples(for: 1).map(\.down) == [100, 200, 300])
        #expect(history.samples(for: 2).map(\.down) == [0, 0, 0])
    }

    @Test("an idle torrent keeps nothing: its history is zeros once it stopped long enough")
    func idle() {
        var history = WatchSpeedHistory(capacity: 2)
        history.record([Self.torrent(1, down: 50)])
        history.record([Self.torrent(1, down: 0)])
        history.record([Self.torrent(1, down: 0)])
        #expect(history.samples(for: 1).map(\.down) == [0, 0])
        #expect(
            history
                == {
                    var idle = WatchSpeedHistory(capacity: 2)
                    idle.record([])
                    idle.record([])
                    return idle
                }())
    }

    @Test("five minutes of refreshes: 150 samples at 2 s, at least 30, at most 600")
    func capacity() {
        #expect(WatchSpeedHistory(seconds: 300, interval: 2).capacity == 150)
        #expect(WatchSpeedHistory(seconds: 300, interval: 60).capacity == 30)
        #expect(WatchSpeedHistory(seconds: 300, interval: 0.5).capacity == 600)
    }

    @Test("sparklines: the peak is a full block, zero the lowest, only the last `width` values")
    func sparkline() {
        #expect(WatchSpeedHistory.sparkline([0, 1, 4, 8], width: 10) == "▁▂▅█")
        #expect(WatchSpeedHistory.sparkline([0, 0], width: 10) == "▁▁")
        #expect(WatchSpeedHistory.sparkline([9, 9, 1, 2], width: 2) == "▅█")
        #expect(WatchSpeedHistory.sparkline([], width: 5) == "")
    }
}
