import RemissionModel
import RemissionSession
import Testing

@testable import RemissionViews
@testable import remission

@Suite("list: units and cells")
struct ListUnitsTests {
    @Test("sizes use k = 1000 and truncate, never round into the next unit")
    func sizes() {
        #expect(TorrentUnits.size(0) == "None")
        #expect(TorrentUnits.size(999) == "999 B")
        #expect(TorrentUnits.size(1000) == "1.00 kB")
        #expect(TorrentUnits.size(1239) == "1.23 kB")
        #expect(TorrentUnits.size(12_345_678) == "12.3 MB")
        #expect(TorrentUnits.size(999_999_999) == "999 MB")
        #expect(TorrentUnits.size(123_456_789_012) == "123 GB")
        #expect(TorrentUnits.size(2_000_000_000_000) == "2.00 TB")
    }

    @Test("speeds are at least kB/s")
    func speeds() {
        #expect(TorrentUnits.speed(0) == "0 kB/s")
        #expect(TorrentUnits.speed(500) == "0.50 kB/s")
        #expect(TorrentUnits.speed(1500) == "1.50 kB/s")
        #expect(TorrentUnits.speed(2_500_000) == "2.50 MB/s")
    }

    @Test("done, have, eta and ratio as transmission-remote words them")
    func cells() {
        var torrent = Torrent(id: 1, name: "x")
        #expect(TorrentUnits.done(torrent) == "n/a")
        torrent.sizeWhenDone = 1000
        torrent.leftUntilDone = 1
        torrent.percentDone = 0.999
        #expect(TorrentUnits.done(torrent) == "99%")
        #expect(TorrentUnits.have(torrent) == 999)
        #expect(TorrentUnits.eta(torrent) == "Unknown")
        torrent.eta = 59
        #expect(TorrentUnits.eta(torrent) == "59 sec")
        torrent.eta = 3599
        #expect(TorrentUnits.eta(torrent) == "59 min")
        torrent.eta = 7200
        #expect(TorrentUnits.eta(torrent) == "2 hrs")
        torrent.eta = 3 * 86_400
        #expect(TorrentUnits.eta(torrent) == "3 days")
        torrent.leftUntilDone = 0
        torrent.eta = -1
        #expect(TorrentUnits.eta(torrent) == "Done")
        #expect(TorrentUnits.ratio(-1) == "None")
        #expect(TorrentUnits.ratio(-2) == "Inf")
        #expect(TorrentUnits.ratio(1.239) == "1.23")
        #expect(TorrentUnits.ratio(12.39) == "12.3")
        #expect(TorrentUnits.ratio(123.9) == "123")
    }

    @Test("control characters are shown in caret notation; wide characters count twice; cuts end with an ellipsis")
    func text() {
        #expect(TerminalText.safe("a\nb\u{1B}[31mc") == "a^Jb^[[31mc")
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("日本") == 4)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.truncated("abcdef", to: 4) == "abc…")
        #expect(TerminalText.truncated("abc", to: 3) == "abc")
        #expect(TerminalText.truncated("日本語", to: 4) == "日…")
    }

    @Test("offline banner: UTC minute and minutes ago")
    func banner() {
        // 2026-11-21 22:30:15 UTC
        let saved: Int64 = 1_795_300_215
        #expect(
            RemissionCommand.List.banner(savedAt: saved, now: saved + 5 * 60 + 3, zone: .utc)
                == "OFFLINE — data from 2026-11-21 22:30 UTC (5 minutes ago)")
        #expect(RemissionCommand.List.banner(savedAt: saved, now: saved + 60, zone: .utc).hasSuffix("(1 minute ago)"))
    }
}

@Suite("list: table")
struct ListTableTests {
    static func sample() -> [Torrent] {
        var a = Torrent(id: 1, name: "alpha distribution image", status: .downloading)
        a.sizeWhenDone = 2_000_000
        a.leftUntilDone = 1_000_000
        a.percentDone = 0.5
        a.rateDownload = 1500
        a.eta = 120
        var b = Torrent(id: 12, name: "beta", status: .seeding)
        b.sizeWhenDone = 3000
        b.percentDone = 1
        b.rateUpload = 2000
        b.uploadRatio = 2.5
        b.error = 2
        b.errorString = "tracker gone"
        return [a, b]
    }

    @Test("header, rows, error marker and Sum line")
    func layout() {
        let lines = TorrentTable(width: 200).lines(Self.sample())
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("  ID  Done"))
        #expect(lines[0].hasSuffix("Status       Name"))
        #expect(lines[1].hasPrefix("   1   50%"))
        #expect(lines[1].contains("2 min"))
        #expect(lines[1].hasSuffix("alpha distribution image"))
        #expect(lines[2].hasPrefix(" 12*  100%"))
        #expect(lines[2].contains("2.50"))
        #expect(lines[2].contains("Seeding"))
        #expect(lines[3].hasPrefix("Sum:"))
        #expect(lines[3].contains("1.00 MB"))  // 1,000,000 + 3,000 bytes
        #expect(lines[3].contains("2.00 kB/s"))
        #expect(lines[3].contains("1.50 kB/s"))
    }

    @Test("every line fits the width: names cut with an ellipsis, never wrapped", arguments: [40, 60, 75, 80, 120])
    func fits(width: Int) {
        var torrents = Self.sample()
        torrents[0].name = String(repeating: "long-name-", count: 30)
        torrents[1].name = "日本語の名前" + String(repeating: "あ", count: 50)
        let lines = TorrentTable(width: width).lines(torrents)
        for line in lines {
            #expect(TerminalText.width(line) <= width, "\(line)")
            #expect(!line.contains("\n"))
        }
        if width >= 80 { #expect(lines[1].hasSuffix("…")) }
    }

    @Test("a long table or JSON document is handed out in pieces of at least the chunk size that join into the whole")
    func pieces() throws {
        let torrents = (1...500).map { id in
            var torrent = Torrent(id: id, name: "torrent \(id) " + String(repeating: "é", count: id % 40))
            torrent.sizeWhenDone = id * 1000
            return torrent
        }
        let table = TorrentTable(width: 100)
        let order = Array(torrents.indices.reversed())
        var pieces: [[UInt8]] = []
        table.write(torrents, order: order, chunkSize: 4096) { pieces.append(copy $0) }
        #expect(pieces.count > 5)
        #expect(pieces.dropLast().allSatisfy { $0.count >= 4096 && $0.last == UInt8(ascii: "\n") })
        #expect(pieces.joined().elementsEqual(table.renderBytes(torrents, order: order) + [UInt8(ascii: "\n")]))
        let whole = String(decoding: pieces.joined(), as: UTF8.self)
        #expect(whole.split(separator: "\n").count == 502)
        #expect(whole.hasSuffix("\n") && whole.split(separator: "\n").last!.hasPrefix("Sum:"))

        var jsonPieces: [[UInt8]] = []
        TorrentListJSON.write(
            server: "nas", offline: false, dataTime: 42, torrents: torrents, order: order, chunkSize: 4096
        ) { jsonPieces.append(copy $0) }
        #expect(jsonPieces.count > 5)
        #expect(jsonPieces.dropLast().allSatisfy { $0.count >= 4096 })
        let document = TorrentListJSON.documentBytes(
            server: "nas", offline: false, dataTime: 42, torrents: torrents, order: order)
        #expect(jsonPieces.joined().elementsEqual(document))
        let parsed = try JSONValue.parse(String(decoding: document, as: UTF8.self))
        #expect(parsed["torrents"]?.array?.map { $0["id"]?.int } == order.map { torrents[$0].id })
    }

    @Test("an empty list still has the header and a Sum line")
    func empty() {
        let lines = TorrentTable(width: 100).lines([])
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("Sum:"))
        #expect(lines[1].contains("None"))
    }

    @Test("JSON objects have the documented typed keys")
    func json() throws {
        let text = TorrentListJSON.document(server: "nas", offline: true, dataTime: 42, torrents: Self.sample())
        let value = try JSONValue.parse(text)
        #expect(value["server"]?.string == "nas")
        #expect(value["offline"]?.bool == true)
        #expect(value["dataTime"]?.int == 42)
        let first = try #require(value["torrents"]?[0])
        #expect(first["id"]?.int == 1)
        #expect(first["status"]?.string == "downloading")
        #expect(first["haveBytes"]?.int == 1_000_000)
        #expect(first["etaSeconds"]?.int == 120)
        #expect(first["ratio"] == .null)
        #expect(first["error"] == .null)
        let second = try #require(value["torrents"]?[1])
        #expect(second["ratio"]?.double == 2.5)
        #expect(second["error"]?["kind"]?.string == "tracker-error")
        #expect(second["error"]?["message"]?.string == "tracker gone")
        #expect(second["labels"] == .array([]))
    }
}
