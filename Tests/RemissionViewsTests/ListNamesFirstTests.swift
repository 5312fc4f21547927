import RemissionModel
import Testing

@testable import RemissionViews

/// Issue 15, "names first": low-value columns give way before a name gets under 40 cells; nothing
/// is cut without a width; widths count terminal cells (wide, combining), so rows align.
@Suite("list: names first")
struct ListNamesFirstTests {
    static let long = "Royal Albert Hall 2019 " + String(repeating: "concert-recording-", count: 5) + "live-xx"
    static let names = [
        long,
        "Война и мир — Лев Толстой, полное собрание (1869) аудиокнига",
        "千と千尋の神隠し オリジナル・サウンドトラック 完全版",
        "기생충 감독판 블루레이 리마스터 한국어 자막 포함",
        "Cafe\u{301} del Mar — e\u{301}dition spe\u{301}ciale",
    ]

    static func torrents() -> [Torrent] {
        names.enumerated().map { index, name in
            var torrent = Torrent(id: index + 1, name: name, status: .downloading)
            torrent.sizeWhenDone = 3_000_000_000
            torrent.leftUntilDone = 1_000_000_000
            torrent.percentDone = 0.66
            torrent.rateDownload = 1_234_567
            torrent.rateUpload = 12_345
            torrent.eta = 3600
            torrent.uploadRatio = 0.5
            return torrent
        }
    }

    /// The cell where `name` (or its cut) starts in `line`.
    static func nameColumn(_ line: String, _ name: String) -> Int? {
        guard let range = line.range(of: String(name.prefix(3))) else { return nil }
        return TerminalText.width(String(line[..<range.lowerBound]))
    }

    @Test("no width (a pipe): every column, every name whole", arguments: [Int.max, 10_000])
    func noLimit(width: Int) throws {
        #expect(Self.long.count == 120)
        let lines = TorrentTable(width: width).lines(Self.torrents())
        #expect(lines[0].contains("Have") && lines[0].contains("Up") && lines[0].contains("Ratio"))
        for (index, name) in Self.names.enumerated() {
            #expect(lines[index + 1].hasSuffix(name), "\(lines[index + 1])")
        }
        #expect(!lines.joined().contains("…"))
    }

    @Test("at 40, 80 and 120 cells every row fits, names start in one column", arguments: [40, 80, 120])
    func fixedWidth(width: Int) throws {
        let lines = TorrentTable(width: width).lines(Self.torrents())
        let header = try #require(Self.nameColumn(lines[0], "Name"))
        for (index, name) in Self.names.enumerated() {
            let line = lines[index + 1]
            #expect(TerminalText.width(line) <= width, "\(line)")
            #expect(Self.nameColumn(line, name) == header, "\(line)")
            let shown = TerminalText.width(line) - header
            // A name is whole, or cut to the name column's full width (a wide character may leave one cell).
            if line.hasSuffix("…") {
                #expect(shown >= width - header - 1, "\(line)")
            } else {
                #expect(line.hasSuffix(name), "\(line)")
            }
        }
        #expect(lines.allSatisfy { TerminalText.width($0) <= width })
    }

    @Test("columns give way in order (Have, Up, Ratio, Down, ETA) until names get 40 cells")
    func dropOrder() throws {
        let header = { (width: Int) in TorrentTable(width: width).lines(Self.torrents())[0] }
        #expect(header(120).contains("Have"))  // the fixed columns take 73: 47 left
        let at100 = header(100)
        #expect(!at100.contains("Have") && !at100.contains("Up") && at100.contains("Ratio"), "\(at100)")
        let at80 = header(80)
        #expect(!at80.contains("Have") && !at80.contains("Up") && !at80.contains("Ratio") && !at80.contains("Down"))
        #expect(at80.contains("ETA") && at80.contains("Status"))
        let at40 = header(40)
        #expect(at40.contains("Done"), "\(at40)")
        #expect(!at40.contains("ETA") && at40.contains("Status"))
        // Names given 40 cells or more wherever a column could still go.
        for width in [80, 100, 120] {
            let lines = TorrentTable(width: width).lines(Self.torrents())
            let start = try #require(Self.nameColumn(lines[0], "Name"))
            #expect(width - start >= TorrentTable.preferredNameWidth, "\(width): \(lines[0])")
        }
        // Short names need no room: every column stays.
        var short = Self.torrents()
        for index in short.indices { short[index].name = "n\(index)" }
        #expect(TorrentTable(width: 80).lines(short)[0].contains("Have"))
        // The totals stay, worded, when their columns were dropped.
        let sum = try #require(TorrentTable(width: 80).lines(Self.torrents()).last)
        #expect(sum.hasPrefix("Sum:") && sum.contains("Have 10.0 GB") && sum.contains("Down 6.17 MB/s"), "\(sum)")
    }

    @Test("wide and combining names are measured by cells: 2 per CJK character or emoji, 0 per mark")
    func cells() {
        #expect(TerminalText.width("千と千尋") == 8)
        #expect(TerminalText.width("기생충") == 6)
        #expect(TerminalText.width("Война") == 5)
        #expect(TerminalText.width("Cafe\u{301}") == 4)
        #expect(TerminalText.width("🚀🛸") == 4)
        #expect(TerminalText.width("⌛⭐") == 4)
    }
}
