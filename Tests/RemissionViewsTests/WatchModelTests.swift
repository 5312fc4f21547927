import RemissionModel
import RemissionRPC
import RemissionSession
import Testing

@testable import RemissionViews

@Suite("watch model (keys → state + effects)")
struct WatchModelTests {
    static let now: Int64 = 1_795_000_000
    static let size = WatchScreen.Size(columns: 80, rows: 24)

    static func torrents(_ count: Int) -> [Torrent] {
        (1...count).map { id in
            var torrent = Torrent(id: id, name: id % 10 == 0 ? "東京の夜景 写真集 \(id)" : "torrent \(id)")
            torrent.status = id % 2 == 0 ? .stopped : .downloading
            torrent.sizeWhenDone = 1_000_000
            torrent.leftUntilDone = 500_000
            torrent.haveValid = 500_000
            return torrent
        }
    }

    static func model(_ count: Int = 200, query: ListQuery = ListQuery()) -> WatchModel {
        var model = WatchModel(
            screen: WatchScreen.State(server: "nas", totalCount: 0), size: size, query: query,
            history: WatchSpeedHistory(capacity: 30))
        model.refreshed(torrents(count), detail: nil, at: now)
        return model
    }

    static func press(_ model: inout WatchModel, _ keys: WatchKey...) -> [WatchEffect] {
        keys.flatMap { model.press($0) }
    }

    @Test("End scrolls to the last of 200 torrents; the frame shows it with the cursor, and 180 above")
    func scrollToLast() {
        var model = Self.model()
        #expect(model.pageRows == 20)
        _ = Self.press(&model, .end)
        #expect(model.cursor == 199 && model.top == 180 && model.current?.id == 200)
        let lines = WatchScreen.listLines(model: model, now: Self.now)
        #expect(lines.count == 24)
        #expect(lines[22].hasPrefix(">  200"), "\(lines[22])")
        #expect(lines[23].contains("(180 above)"))
        _ = Self.press(&model, .home)
        #expect(model.cursor == 0 && model.top == 0)
    }

    @Test("arrows, j/k, PgUp/PgDn move the cursor within the rows; the screen follows it")
    func movement() {
        var model = Self.model()
        _ = Self.press(&model, .down, .character("j"), .down)
        #expect(model.cursor == 3 && model.top == 0)
        _ = Self.press(&model, .character("k"), .up, .up, .up, .up)
        #expect(model.cursor == 0)
        _ = Self.press(&model, .pageDown)
        #expect(model.cursor == 20 && model.top == 1)
        _ = Self.press(&model, .pageDown, .pageUp)
        #expect(model.cursor == 20 && model.top == 20)
        _ = Self.press(&model, .character("G"), .pageDown)
        #expect(model.cursor == 199)
        _ = Self.press(&model, .character("g"))
        #expect(model.cursor == 0)
    }

    @Test("scrolling moves as little as it can, never leaves empty rows below the last, follows a resize")
    func scrolled() {
        #expect(WatchScreen.scrolled(top: 0, cursor: 25, rows: 20, count: 200) == 6)
        #expect(WatchScreen.scrolled(top: 10, cursor: 12, rows: 20, count: 200) == 10)
        #expect(WatchScreen.scrolled(top: 10, cursor: 5, rows: 20, count: 200) == 5)
        #expect(WatchScreen.scrolled(top: 190, cursor: 195, rows: 20, count: 200) == 180)
        #expect(WatchScreen.scrolled(top: 3, cursor: 0, rows: 0, count: 200) == 0)
        var model = Self.model()
        _ = Self.press(&model, .end)
        model.resized(WatchScreen.Size(columns: 60, rows: 10))
        #expect(model.top == 194 && model.cursor == 199)
        let lines = WatchScreen.listLines(model: model, now: Self.now)
        #expect(lines.count == 10 && lines[8].hasPrefix(">  200"))
    }

    @Test("a refresh that reorders the rows keeps the cursor on its torrent")
    func cursorFollowsTorrent() {
        var model = Self.model(5, query: ListQuery(sort: .progress))
        _ = Self.press(&model, .down, .down)
        let id = model.current?.id
        var changed = Self.torrents(5)
        changed[id! - 1].percentDone = 0.9  // now sorted last
        model.refreshed(changed, detail: nil, at: Self.now + 2)
        #expect(model.current?.id == id && model.cursor == 4)
    }

    @Test("/ searches as it is typed (list's query); Enter keeps it, Esc puts back the previous one")
    func search() {
        var model = Self.model()
        _ = Self.press(&model, .character("/"), .character("東"), .character("京"))
        #expect(model.mode == .search(previous: nil))
        #expect(model.shownTorrents.count == 20 && model.shownTorrents.allSatisfy { $0.name.hasPrefix("東京") })
        #expect(WatchScreen.listLines(model: model, now: Self.now).last == "Search: 東京▏ (Enter keeps it, Esc cancels)")
        _ = Self.press(&model, .enter)
        #expect(model.mode == .list && model.query.search == "東京")
        #expect(model.screen.view == "search '東京'")
        _ = Self.press(&model, .character("/"), .backspace, .backspace, .character("q"), .escape)
        #expect(model.query.search == "東京" && model.shownTorrents.count == 20)
        _ = Self.press(&model, .escape)
        #expect(model.query.search == nil && model.shownTorrents.count == 200)
    }

    @Test("f cycles list's status filters, then back to all")
    func statusFilter() {
        var model = Self.model()
        _ = Self.press(&model, .character("f"))
        #expect(model.query.status == .downloading && model.shownTorrents.count == 100)
        _ = Self.press(&model, .character("f"), .character("f"))
        #expect(model.query.status == .stopped && model.shownTorrents.allSatisfy { $0.status == .stopped })
        for _ in 0..<6 { _ = Self.press(&model, .character("f")) }  // checking … active, idle, all
        #expect(model.query.status == nil && model.shownTorrents.count == 200)
    }

    @Test("actions apply to the cursor's torrent, or to the marked ones (space marks and moves on)")
    func actions() {
        var model = Self.model()
        #expect(Self.press(&model, .character("p")) == [.act(.stop, ids: [1])])
        _ = Self.press(&model, .character(" "), .down, .character(" "))
        #expect(model.marked == [1, 3])
        #expect(Self.press(&model, .character("s")) == [.act(.start(now: false), ids: [1, 3])])
        #expect(Self.press(&model, .character("v")) == [.act(.verify, ids: [1, 3])])
        #expect(Self.press(&model, .character("a")) == [.act(.reannounce, ids: [1, 3])])
        let lines = WatchScreen.listLines(model: model, now: Self.now)
        #expect(lines[3].hasPrefix(" *   1") && lines[5].hasPrefix(" *   3") && lines[6].hasPrefix(">    4"))
        #expect(lines.last!.contains("2 marked"))
        _ = Self.press(&model, .escape)
        #expect(model.marked.isEmpty)
        #expect(Self.press(&model, .character("q")) == [.quit])
    }

    @Test("d asks once; only y removes, anything else removes nothing and says so")
    func remove() {
        var model = Self.model()
        #expect(Self.press(&model, .character("d")).isEmpty)
        #expect(WatchScreen.listLines(model: model, now: Self.now).last == "Remove 1 torrent (the data stays)? (y/n)")
        #expect(Self.press(&model, .character("n")).isEmpty)
        #expect(model.mode == .list && model.message == "Nothing removed.")
        _ = Self.press(&model, .character("d"))
        #expect(Self.press(&model, .character("y")) == [.remove(ids: [1], deleteData: false)])
        // Russian's key for yes counts in either language, as Answers.yesOrNo's words do.
        _ = Self.press(&model, .character("d"))
        #expect(Self.press(&model, .character("Д")) == [.remove(ids: [1], deleteData: false)])
        _ = Self.press(&model, .character("d"))
        #expect(Self.press(&model, .character("н")).isEmpty && model.message == "Nothing removed.")
    }

    @Test("D asks twice before deleting data; a no to either removes nothing")
    func removeWithData() {
        var model = Self.model()
        _ = Self.press(&model, .character("D"))
        #expect(
            WatchScreen.listLines(model: model, now: Self.now).last == "Delete the data of 1 torrent (500 kB)? (y/n)")
        #expect(Self.press(&model, .character("y")).isEmpty)
        #expect(WatchScreen.listLines(model: model, now: Self.now).last!.hasPrefix("Really delete 500 kB"))
        #expect(Self.press(&model, .character("n")).isEmpty && model.message == "Nothing removed.")
        #expect(
            Self.press(&model, .character("D"), .character("y"), .character("y")) == [
                .remove(ids: [1], deleteData: true)
            ])
    }

    static func detailTorrent(_ id: Int) -> Torrent {
        var torrent = Self.torrents(id).last!
        torrent.files = [
            TorrentFile(name: "東京/写真 1.jpg", length: 1000, bytesCompleted: 500),
            TorrentFile(name: "東京/写真 2.jpg", length: 1000, bytesCompleted: 0),
        ]
        torrent.fileStats = [
            TorrentFileStats(bytesCompleted: 500, wanted: true, priority: .normal),
            TorrentFileStats(bytesCompleted: 0, wanted: true, priority: .normal),
        ]
        torrent.trackerStats = []
        torrent.peers = []
        return torrent
    }

    @Test("Enter opens the detail: files with get/skip and priority toggles, Tab to trackers, Esc back")
    func detail() {
        var model = Self.model()
        _ = Self.press(&model, .end)
        #expect(Self.press(&model, .enter) == [.loadDetail(id: 200)])
        #expect(WatchScreen.detailLines(WatchDetail(id: 200), model: model, now: Self.now)[2] == "loading…")
        model.detailLoaded(Self.detailTorrent(200), id: 200)
        _ = Self.press(&model, .down)
        #expect(
            Self.press(&model, .character(" ")) == [
                .changeFiles(
                    id: 200,
                    {
                        var c = TorrentChanges(); c.filesUnwanted = [1]; return c
                    }())
            ])
        #expect(
            Self.press(&model, .character("p")) == [
                .changeFiles(
                    id: 200,
                    {
                        var c = TorrentChanges(); c.priorityHigh = [1]; return c
                    }())
            ])
        guard case .detail(let open) = model.mode else {
            Issue.record("not in the detail")
            return
        }
        let lines = WatchScreen.detailLines(open, model: model, now: Self.now)
        #expect(lines.count == 24)
        #expect(lines[0] == "remission watch · nas · #200 東京の夜景 写真集 200")
        #expect(lines[3].hasPrefix("↓ ▁") && lines[4].hasPrefix("↑ ▁"))
        #expect(lines[5] == "[Files 2]  Trackers 0   Peers 0 ")
        #expect(lines[8].hasPrefix(">") && lines[8].contains("high") && lines[8].contains("no"))
        for line in lines { #expect(TerminalText.width(line) <= 80, "\(line)") }
        _ = Self.press(&model, .tab)
        guard case .detail(let trackers) = model.mode else { return }
        #expect(trackers.section == .trackers)
        #expect(Self.press(&model, .character(" ")).isEmpty)
        _ = Self.press(&model, .escape)
        #expect(model.mode == .list && model.current?.id == 200)
    }

    @Test("? shows the keys; any key closes them, q too (it says so), and q quits from the list")
    func help() {
        var model = Self.model()
        _ = Self.press(&model, .character("?"))
        #expect(WatchScreen.frame(model: model, now: Self.now).contains("remission watch — keys"))
        #expect(Self.press(&model, .down).isEmpty && !model.helpShown && model.cursor == 0)
        _ = Self.press(&model, .character("?"))
        #expect(Self.press(&model, .character("q")).isEmpty && !model.helpShown)
        #expect(model.mode == .list)
        #expect(Self.press(&model, .character("q")) == [.quit])
        for line in WatchText.help { #expect(TerminalText.width(line) <= 80, "\(line)") }
    }

    @Test("CJK, Cyrillic and combining names: every line of the list fits, the frame has the terminal's rows")
    func cjkWidths() {
        var model = Self.model(30)
        var torrents = Self.torrents(30)
        torrents[9].name = "東京の夜景 写真集 " + String(repeating: "東京", count: 40)
        torrents[19].name = "東京 Ле́в Толсто́й — Война́ и мир e\u{301}\u{302}" + String(repeating: "ё", count: 60)
        model.refreshed(torrents, detail: nil, at: Self.now)
        _ = Self.press(&model, .character("/"), .character("東"))
        #expect(model.shownTorrents.count == 3)
        for columns in [40, 80, 120] {
            model.resized(WatchScreen.Size(columns: columns, rows: 24))
            let lines = WatchScreen.listLines(model: model, now: Self.now)
            #expect(lines.count == 24)
            for line in lines { #expect(TerminalText.width(line) <= columns, "\(columns): \(line)") }
        }
        let frame = WatchScreen.frame(model: model, now: Self.now)
        #expect(frame.components(separatedBy: "\r\n").count == 24)
    }

    @Test("tiny and empty terminals: every mode draws within the size, nothing traps")
    func tinyTerminals() {
        for size in [WatchScreen.Size(columns: 0, rows: 0), .init(columns: 1, rows: 1), .init(columns: 12, rows: 3)] {
            var model = Self.model(30)
            model.resized(size)
            var frames = [WatchScreen.frame(model: model, now: Self.now)]
            _ = Self.press(&model, .end, .character("d"))
            frames.append(WatchScreen.frame(model: model, now: Self.now))
            _ = Self.press(&model, .escape, .enter)
            model.detailLoaded(Self.detailTorrent(30), id: 30)
            frames.append(WatchScreen.frame(model: model, now: Self.now))
            _ = Self.press(&model, .character("?"))
            frames.append(WatchScreen.frame(model: model, now: Self.now))
            for frame in frames {
                #expect(frame.components(separatedBy: "\r\n").count == max(1, size.rows), "\(size)")
            }
        }
    }

    @Test("a hostile name or typed search is shown, not obeyed, in the list and the detail")
    func hostileText() {
        var model = Self.model(1)
        var evil = Self.detailTorrent(1)
        evil.name = "x\u{1B}]0;owned\u{07}\u{202E}y"
        model.refreshed([evil], detail: nil, at: Self.now)
        _ = Self.press(&model, .enter)
        model.detailLoaded(evil, id: 1)
        _ = Self.press(&model, .escape, .character("/"), .character("\u{202E}"))
        let frames = [WatchScreen.frame(model: model, now: Self.now)]
        _ = Self.press(&model, .escape, .enter)
        model.detailLoaded(evil, id: 1)
        let all = frames + [WatchScreen.frame(model: model, now: Self.now)]
        for frame in all {
            #expect(!frame.contains("\u{1B}]0"))
            #expect(!frame.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x07 })
        }
    }
}
