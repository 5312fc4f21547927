import RemissionModel
import Testing

@testable import RemissionViews

/// Numbers a server may send (issue 12): sizes and rates near 2^63 whose sums overflow, a remaining
/// size above the size, ratios and fractions of 1e300, NaN-like extremes. Every view renders them
/// without trapping.
@Suite("Hostile numbers in views")
struct HostileNumbersTests {
    static func hostile() -> [Torrent] {
        var values: [Torrent] = []
        for (index, size) in [Int.max, Int.max - 1, Int.min, 0].enumerated() {
            var torrent = Torrent(id: index + 1, name: "n\(index)", status: .downloading)
            torrent.sizeWhenDone = size
            torrent.leftUntilDone = index % 2 == 0 ? Int.min : Int.max
            torrent.rateDownload = Int.max
            torrent.rateUpload = Int.max
            torrent.percentDone = index % 2 == 0 ? 1e300 : -1e300
            torrent.uploadRatio = index == 3 ? -1e300 : 1e300
            torrent.eta = Int.max
            torrent.haveValid = Int.max
            torrent.haveUnchecked = Int.max
            torrent.downloadedEver = Int.max
            values.append(torrent)
        }
        return values
    }

    @Test("list's table, list --json, info and watch render extreme values")
    func renders() {
        let torrents = Self.hostile()
        let table = TorrentTable(width: 120).render(torrents)
        #expect(table.contains("Sum:"))
        var json: [UInt8] = []
        TorrentListJSON.write(
            server: "nas", offline: false, dataTime: 0, torrents: torrents, order: torrents.indices, chunkSize: 1 << 16
        ) { json += $0 }
        #expect(!json.isEmpty)
        for torrent in torrents {
            #expect(!TorrentText.details(torrent, zone: .utc).isEmpty)
        }
        let screen = WatchScreen.lines(
            torrents: torrents, size: .init(columns: 120, rows: 20),
            state: .init(server: "nas", lastUpdate: 0, totalCount: torrents.count), now: 0)
        #expect(screen.last?.hasPrefix("Total:") == true)
    }

    @Test("info --trackers with a tier of 2^63 - 1, and list's Done of fractions beyond 0…1")
    func trackerTierAndDone() {
        var torrent = Torrent(id: 1, name: "n", status: .downloading)
        var tracker = TrackerStat()
        tracker.tier = Int.max
        torrent.trackerStats = [tracker]
        #expect(TorrentText.trackers(torrent, zone: .utc).contains { $0.contains("Tier 9223372036854775807:") })
        torrent.sizeWhenDone = 10
        for (fraction, shown) in [(1e300, "100%"), (Double(Int.max), "100%"), (-1, "0%"), (.nan, "0%")] {
            torrent.percentDone = fraction
            #expect(TorrentUnits.done(torrent) == shown)
        }
    }

    @Test("session settings with a seed-ratio limit of 1e300 and an endless free space")
    func session() {
        var info = SessionInfo()
        info.seedRatioLimit = 1e300
        info.downloadDirFreeSpace = Int.max
        let text = SessionView(info: info, freeSpace: Int.max).text(on: Terminal(), server: "nas")
        #expect(text.contains("huge"))
    }
}
