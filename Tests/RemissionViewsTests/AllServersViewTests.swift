import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import Testing

@testable import RemissionViews

/// `list --all` and `watch --all`, pure: merged ids, the groups and their status lines, the JSON,
/// the exit status, the snapshot fallback, and the Server column of the watch screen.
@Suite("all servers: merge, groups, JSON (pure)")
struct AllServersViewTests {
    static let now: Int64 = 1_795_000_000

    static func torrent(_ id: Int, _ name: String, down: Int = 0, size: Int = 1_000_000) -> Torrent {
        var torrent = Torrent(id: id, name: name, status: down > 0 ? .downloading : .seeding)
        torrent.rateDownload = down
        torrent.sizeWhenDone = size
        torrent.percentDone = down > 0 ? 0.5 : 1
        return torrent
    }

    static let refused = Failure(.transport(.refused(detail: "127.0.0.1:9")), server: "gone")

    static var parts: [ServerTorrents] {
        [
            ServerTorrents(
                server: "nas", torrents: [torrent(2, "nas-two", down: 5000), torrent(1, "nas-one")],
                origin: .live(at: now)),
            ServerTorrents(
                server: "seedbox", torrents: [torrent(1, "box-one", down: 9000)],
                origin: .snapshot(savedAt: now - 300, failure: refused)),
            ServerTorrents(
                server: "gone", torrents: [],
                origin: .unavailable(Failure(.local(.offlineWithoutSnapshot(refused, otherSettings: false))))),
        ]
    }

    @Test("merged ids: unique across servers, split back in order, by-id order groups by server")
    func mergedIDs() throws {
        let merged = MergedID.merge([[Self.torrent(7, "a"), Self.torrent(1, "b")], [Self.torrent(1, "c")]])
        #expect(merged.map(\.name) == ["a", "b", "c"])
        #expect(Set(merged.map(\.id)).count == 3)
        #expect(merged.map { MergedID.server($0.id) } == [0, 0, 1])
        #expect(merged.map { MergedID.id($0.id) } == [7, 1, 1])
        #expect(ListQuery().apply(merged).map(\.name) == ["b", "a", "c"], "sorted by id: server, then its ids")
        #expect(ListQuery(sort: .name, reverse: true).apply(merged).map(\.name) == ["c", "b", "a"])
        let split = MergedID.split([merged[2].id, merged[0].id, merged[1].id])
        #expect(split.map(\.server) == [0, 1] && split[0].ids == [7, 1] && split[1].ids == [1])
        // A hostile id has no merged id: its row is left out rather than mistaken for another.
        let hostile = MergedID.merge([[Self.torrent(-1, "negative"), Self.torrent(1 << 50, "huge")], []])
        #expect(hostile.isEmpty)
        #expect(MergedID.make(server: 0, id: Int.max) == nil)
    }

    @Test("list --all text: a heading per server, offline lines with the reason, filters within groups")
    func groupsText() {
        let text = AllServersList.text(Self.parts, query: ListQuery(), now: Self.now, zone: .utc, width: .max)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "== nas ==")
        #expect(lines[1].hasPrefix("  ID  Done"))
        #expect(lines[2].hasPrefix("   1") && lines[2].hasSuffix("nas-one"), "sorted by id within the group")
        #expect(lines[3].hasSuffix("nas-two"))
        #expect(lines[4].hasPrefix("Sum:"))
        #expect(lines[5] == "")
        #expect(lines[6] == "== seedbox ==")
        #expect(lines[7].hasPrefix("OFFLINE — data from ") && lines[7].hasSuffix("(5 minutes ago): connection refused"))
        #expect(lines[9].hasSuffix("box-one"))
        #expect(lines.contains("== gone =="))
        #expect(lines.contains("OFFLINE — nothing saved to show: connection refused"), "\(lines)")
        #expect(
            !lines.contains { $0.hasPrefix("ID") && lines.firstIndex(of: $0)! > lines.firstIndex(of: "== gone ==")! })

        let filtered = AllServersList.text(
            Self.parts, query: ListQuery(search: "one"), now: Self.now, zone: .utc, width: .max)
        #expect(!filtered.contains("nas-two") && filtered.contains("nas-one") && filtered.contains("box-one"))

        let narrow = AllServersList.text(Self.parts, query: ListQuery(), now: Self.now, zone: .utc, width: 40)
        for line in narrow.split(separator: "\n") { #expect(TerminalText.width(String(line)) <= 40, "\(line)") }
        // A hostile server name is shown, never interpreted.
        var hostile = Self.parts
        hostile[0].server = "evil\u{1B}]0;owned\u{07}"
        let safe = AllServersList.text(hostile, query: ListQuery(), now: Self.now, zone: .utc, width: .max)
        #expect(safe.hasPrefix("== evil^[]0;owned^G ==") && !safe.contains("\u{1B}"))
    }

    @Test("list --all JSON: servers with their state, every torrent with its server")
    func json() throws {
        let bytes = AllServersList.json(Self.parts, query: ListQuery(sort: .name))
        let document = try JSONValue.parse(String(decoding: bytes, as: UTF8.self))
        let servers = try #require(document["servers"]?.array)
        #expect(servers.map { $0["server"]?.string } == ["nas", "seedbox", "gone"])
        #expect(servers.map { $0["offline"]?.bool } == [false, true, true])
        #expect(servers.map { $0["exitCode"]?.int } == [0, 3, 3])
        #expect(servers[0]["error"]?.isNull == true && servers[1]["error"]?.string == "connection refused")
        #expect(servers[1]["dataTime"]?.int64 == Self.now - 300 && servers[2]["dataTime"]?.isNull == true)
        let torrents = try #require(document["torrents"]?.array)
        #expect(torrents.map { $0["server"]?.string } == ["nas", "nas", "seedbox"])
        #expect(torrents.map { $0["name"]?.string } == ["nas-one", "nas-two", "box-one"])
        #expect(torrents.map { $0["id"]?.int } == [1, 2, 1])
    }

    @Test("exit status: 0 when all answered, else the worst of those that did not")
    func status() {
        #expect(AllServersList.status([Self.parts[0]]) == .ok)
        #expect(AllServersList.status(Self.parts) == .offline)
        let refusedTrust = ServerTorrents(
            server: "x", torrents: [], origin: .unavailable(Failure(.unauthorized(user: "a", passwordSource: .keyring)))
        )
        #expect(AllServersList.status(Self.parts + [refusedTrust]) == .authentication)
        let asked = ServerTorrents(server: "y", torrents: [], origin: .snapshot(savedAt: 1, failure: nil))
        #expect(AllServersList.status([Self.parts[0], asked]) == .ok, "--offline asked for the snapshot")
    }

    @Test("fallback: a snapshot stands in only for an offline server, and only with every field")
    func fallback() {
        let snapshot = Snapshot(
            savedAt: 100, server: "nas", fingerprint: "f", torrents: [Self.torrent(1, "kept")], fields: [.id, .name])
        let offline = ServerTorrents.fallback(
            server: "nas", failure: Self.refused, snapshot: snapshot, needs: [.id, .name], otherSettings: false)
        #expect(offline.origin == .snapshot(savedAt: 100, failure: Self.refused) && offline.torrents.count == 1)
        let untrusted = Failure(.unauthorized(user: "a", passwordSource: .keyring), server: "nas")
        let refused = ServerTorrents.fallback(
            server: "nas", failure: untrusted, snapshot: snapshot, needs: [.id], otherSettings: false)
        #expect(refused.origin == .unavailable(untrusted) && refused.torrents.isEmpty)
        let short = ServerTorrents.fallback(
            server: "nas", failure: Self.refused, snapshot: snapshot, needs: [.id, .labels], otherSettings: false)
        #expect(short.dataTime == nil && short.status == .offline)
        let none = ServerTorrents.fallback(
            server: "nas", failure: Self.refused, snapshot: nil, needs: [.id], otherSettings: false)
        #expect(none.dataTime == nil && none.status == .offline)
    }

    @Test("watch --all screen: a Server column, the server's own ids, offline rows and the status line")
    func watchScreen() {
        let merged = MergedID.merge([[Self.torrent(3, "on-nas")], [Self.torrent(3, "on-box", down: 1000)]])
        var nas = WatchServers.Server(name: "nas")
        nas.dataTime = Self.now
        var box = WatchServers.Server(name: "seedbox")
        box.dataTime = Self.now - 60
        box.problem = "connection refused"
        box.retryAt = Self.now + 4
        var state = WatchScreen.State(server: "2 servers", totalCount: 2)
        state.zone = .utc
        state.servers = WatchServers(servers: [nas, box])
        let lines = WatchScreen.lines(
            torrents: merged, size: WatchScreen.Size(columns: 100, rows: 10), state: state, now: Self.now)
        #expect(
            lines[1].hasPrefix("updated ")
                && lines[1].hasSuffix(" · seedbox OFFLINE: connection refused, retrying in 4s, data from 11:05:40"),
            "\(lines[1])")
        // Narrower: each offline server keeps its name and reason.
        let narrow = WatchScreen.lines(
            torrents: merged, size: WatchScreen.Size(columns: 60, rows: 10), state: state, now: Self.now)
        #expect(narrow[1].hasSuffix(" · seedbox OFFLINE: connection refused"), "\(narrow[1])")
        #expect(lines[2].contains("Server") && lines[2].contains("Name"), "\(lines[2])")
        #expect(lines[3].hasPrefix("   3 nas ") && lines[3].contains("on-nas"), "\(lines[3])")
        #expect(lines[4].hasPrefix("   3 seedbox ") && lines[4].contains("Offline"), "\(lines[4])")
        #expect(!lines[3].contains("Offline"))
        for line in lines + narrow { #expect(TerminalText.width(line) <= 100, "\(line)") }
    }
}
