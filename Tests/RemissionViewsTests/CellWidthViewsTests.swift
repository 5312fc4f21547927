import RemissionModel
import Testing

@testable import RemissionViews

/// Issue 15: `watch` and `info` measure by terminal cells as `list` does, and `watch` keeps names
/// first too (a Japanese name at 80 columns neither wraps nor shifts its row).
@Suite("watch and info: names first, widths by terminal cell")
struct CellWidthViewsTests {
    static let now: Int64 = 1_795_000_000
    static let names = [
        "Royal Albert Hall 2019 " + String(repeating: "concert-recording-", count: 5) + "live-xx",
        "千と千尋の神隠し オリジナル・サウンドトラック 完全版", "기생충 감독판 블루레이 리마스터 한국어 자막 포함",
        "Война и мир — Лев Толстой, полное собрание (1869) аудиокнига", "Cafe\u{301} short",
    ]

    static func torrents() -> [Torrent] {
        names.enumerated().map { index, name in
            var torrent = Torrent(id: index + 1, name: name, status: .downloading)
            torrent.sizeWhenDone = 2_000_000_000
            torrent.leftUntilDone = 500_000_000
            torrent.percentDone = 0.75
            torrent.rateDownload = 1_500_000
            torrent.eta = 400
            return torrent
        }
    }

    static func frame(columns: Int) -> [String] {
        let state = WatchScreen.State(server: "nas", lastUpdate: now, totalCount: names.count)
        return WatchScreen.lines(
            torrents: torrents(), size: .init(columns: columns, rows: 12), state: state, now: now)
    }

    @Test("watch rows fit in cells and names start in one column", arguments: [40, 80, 120, 200])
    func watchRows(columns: Int) throws {
        let lines = Self.frame(columns: columns)
        for line in lines { #expect(TerminalText.width(line) <= columns, "\(line)") }
        guard columns >= 80 else { return }
        let header = lines[2]
        let start = TerminalText.width(String(header[..<(try #require(header.range(of: "Name")).lowerBound)]))
        for (index, name) in Self.names.enumerated() {
            let row = lines[3 + index]
            let at = try #require(row.range(of: String(name.prefix(3))), "\(row)").lowerBound
            #expect(TerminalText.width(String(row[..<at])) == start, "\(row)")
        }
        // Names get 40 cells or more: columns gave way for them (the bar first).
        #expect(columns - start >= WatchScreen.preferredNameWidth, "\(header)")
    }

    @Test("watch at 80 columns: Have, Up, Ratio and Down give way, no bar; at 200 every column and a bar")
    func watchColumns() {
        let narrow = Self.frame(columns: 80)[2]
        #expect(!narrow.contains("Have") && !narrow.contains("Up") && !narrow.contains("Ratio"), "\(narrow)")
        #expect(narrow.contains("ETA") && narrow.contains("Status") && !narrow.contains("Progress"), "\(narrow)")
        let wide = Self.frame(columns: 200)[2]
        #expect(wide.contains("Have") && wide.contains("Ratio") && wide.contains("Progress"), "\(wide)")
        // Short names need no room: every column stays at 80.
        let state = WatchScreen.State(server: "nas", lastUpdate: Self.now, totalCount: 1)
        let short = WatchScreen.lines(
            torrents: [Torrent(id: 1, name: "a.iso")], size: .init(columns: 80, rows: 6), state: state, now: Self.now)
        #expect(short[2].contains("Have") && short[2].contains("Ratio"), "\(short[2])")
    }

    @Test("info: peers with wide client names stay in their columns")
    func infoPeers() throws {
        var torrent = Torrent(id: 1, name: "x")
        var details = torrent.details
        details.peers = ["迅雷 Thunder 7", "μTorrent 3.5", "qBittorrent 4.6"].enumerated().map { index, client in
            var peer = TorrentPeer()
            peer.address = "10.0.0.\(index + 1)"
            peer.clientName = client
            peer.flagStr = "DE"
            return peer
        }
        torrent.details = details
        let lines = TorrentText.peers(torrent)
        let flags = lines.dropFirst().map { line -> Int in
            let at = line.range(of: line == lines[1] ? "Flags" : "DE")!.lowerBound
            return TerminalText.width(String(line[..<at]))
        }
        #expect(Set(flags).count == 1, "\(lines.joined(separator: "\n"))")
        #expect(TorrentText.padded("千と", 6) == "千と  ")
        #expect(TorrentText.rightAligned("千", 4) == "  千")
    }
}
