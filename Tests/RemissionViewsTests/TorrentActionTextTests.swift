import RemissionModel
import RemissionRPC
import RemissionSession
import Testing

@testable import RemissionViews

@Suite("Views: the torrent actions' result lines")
struct TorrentActionTextTests {
    @Test("what was done, and when nothing was found")
    func actions() {
        #expect(TorrentText.acted(.stop, count: 3) == "stopped 3 torrents:")
        #expect(TorrentText.acted(.start(now: true), count: 1) == "started 1 torrent:")
        #expect(TorrentText.noneFound(.recentlyActive, for: .verify) == "No torrents active; nothing verified.")
        #expect(TorrentText.noneToRemove(.all) == "No torrents at all; nothing removed.")
    }

    @Test("remove: the list's heading, the result, the progress")
    func remove() {
        #expect(TorrentText.toRemove(count: 2, deleting: nil) == "To remove (2 torrents):")
        #expect(TorrentText.toRemove(count: 1, deleting: 2048) == "To remove (1 torrent, deleting 2.05 kB of data):")
        #expect(TorrentText.removed(count: 1, deletedData: true) == "removed 1 torrent and deleted its data.")
        #expect(
            TorrentText.removed(count: 2, deletedData: false) == "removed 2 torrents; the data stays on the server.")
        #expect(TorrentText.removalProgress(removed: 250, total: 1000) == "removed 250 of 1000…")
    }

    @Test("add and files name the torrent, terminal-safe")
    func namesAreSafe() {
        #expect(TorrentText.added(.added(id: 5, name: "a\u{1B}[2Jb", hash: "")) == "added 5 a^[[2Jb")
        #expect(TorrentText.added(.duplicate(id: 5, name: "x", hash: "")) == "already present 5 x")
        let torrent = Torrent(id: 7, name: "n")
        #expect(
            TorrentText.fileChange(.priority(.high, [0, 3]), of: torrent) == "priority high for 2 files (0,3) of 7 n")
        #expect(TorrentText.fileChange(.skipping(Array(0..<13)), of: torrent) == "skipping 13 files (13 files) of 7 n")
        #expect(TorrentText.fileChange(.getting([2]), of: torrent) == "getting 1 file (2) of 7 n")
    }

    @Test("add --skip/--only: the files left out after the added line, in --json, and in Russian")
    func chosenFiles() throws {
        let added = TorrentAddResult.added(id: 7, name: "Show", hash: String(repeating: "a", count: 40))
        #expect(
            TorrentText.added(added) + AddText.skipping(ChosenFiles(unwanted: [0, 3], count: 5))
                == "added 7 Show; skipping 2 of its 5 files: 0, 3")
        #expect(
            AddText.skipping(ChosenFiles(unwanted: Array(0..<12), count: 40))
                == "; skipping 12 of its 40 files: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, …")
        #expect(AddText.skipping(ChosenFiles(unwanted: [], count: 1)) == "; getting all of its 1 file")
        let json = try JSONValue.parse(
            AddText.json(server: "nas", [("a.torrent", .added(added, files: ChosenFiles(unwanted: [1], count: 2)))]))
        #expect(json["results"]?[0]?["skipped"] == JSONValue([1]) && json["results"]?[0]?["fileCount"]?.int == 2)
        let plain = try JSONValue.parse(AddText.json(server: "nas", [("a.torrent", .added(added))]))
        #expect(plain["results"]?[0]?["skipped"] == nil)
        Language.$override.withValue(.russian) {
            #expect(
                AddText.skipping(ChosenFiles(unwanted: [0, 3], count: 5)) == "; пропускается 2 из его 5 файлов: 0, 3")
            #expect(
                AddText.fileChoiceReason(.outOfRange([9], count: 2))
                    == "Нет файла с номером 9: в торренте 2 файла (0-1); ничего не добавлено.")
        }
    }
}
