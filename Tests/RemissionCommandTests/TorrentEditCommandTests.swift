import Foundation
import RemissionModel
import TestSupport
import Testing

/// `move`, `rename`, `trackers` and `queue` as real processes against Transmission 3.00 and 4.1.3;
/// every effect is read back from the daemon over RPC (`DaemonReader`).
@Suite("remission move / rename / trackers / queue (process, both daemons)")
struct TorrentEditCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "move moves the data and the location; --no-move only points; a relative DIR is exit 2", arguments: daemonMatrix
    )
    func move(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "move", daemon: daemon)
        defer { fixture.cleanUp() }
        let reader = try DaemonReader(bed: bed, daemon: daemon)
        let id = try fixture.add()
        let destination = fixture.root + "/moved"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)

        let relative = try fixture.run(["move", String(id), "moved"])
        #expect(relative.status == 2, "\(relative.all)")
        #expect(try reader.torrent(id, [.downloadDir])?.downloadDir == fixture.root)

        let moved = try fixture.run(["move", String(id), destination])
        #expect(moved.status == 0, "\(moved.all)")
        #expect(moved.out.contains("moving 1 torrent to \(destination):"), "\(moved.out)")
        #expect(moved.out.contains(fixture.name))
        #expect(
            try eventuallyTrue {
                try reader.torrent(id, [.downloadDir])?.downloadDir == destination
                    && FileManager.default.fileExists(atPath: "\(destination)/\(fixture.name)/a.bin")
            })
        #expect(!FileManager.default.fileExists(atPath: "\(fixture.dataPath)/a.bin"))

        let pointed = try fixture.run(["move", String(id), fixture.root, "--no-move"])
        #expect(pointed.status == 0, "\(pointed.all)")
        #expect(pointed.out.contains("1 torrent now looks for data in \(fixture.root):"), "\(pointed.out)")
        #expect(try eventuallyTrue { try reader.torrent(id, [.downloadDir])?.downloadDir == fixture.root })
        #expect(FileManager.default.fileExists(atPath: "\(destination)/\(fixture.name)/a.bin"))  // not moved back

        // --json: one line, the location and the torrent; read back from the daemon.
        let json = try fixture.run(["move", String(id), destination, "--no-move", "--json"])
        #expect(json.status == 0, "\(json.all)")
        #expect(json.out.split(separator: "\n").count == 1, "\(json.out)")
        let object = try JSONValue.parse(json.out)
        #expect(object["location"]?.string == destination && object["moveData"]?.bool == false)
        #expect(object["torrents"]?.array?.map { $0["id"]?.int } == [id])
        #expect(object["torrents"]?[0]?["name"]?.string == fixture.name)
        #expect(try eventuallyTrue { try reader.torrent(id, [.downloadDir])?.downloadDir == destination })

        let missing = try fixture.run(["move", "987654", destination])
        #expect(missing.status == 1, "\(missing.all)")
        #expect(missing.err.contains("no torrent with id 987654"))
    }

    @Test("rename renames the torrent and a file inside it; a path it lacks changes nothing", arguments: daemonMatrix)
    func rename(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "rename", daemon: daemon)
        defer { fixture.cleanUp() }
        let reader = try DaemonReader(bed: bed, daemon: daemon)
        let id = try fixture.add()
        let newName = "renamed-\(fixture.name)"

        let top = try fixture.run(["rename", String(id), newName])
        #expect(top.status == 0, "\(top.all)")
        #expect(top.out.contains("renamed \(fixture.name) to \(newName) (torrent \(id))"), "\(top.out)")
        var torrent = try #require(try reader.torrent(id, [.files]))
        #expect(torrent.name == newName)
        #expect(torrent.files?.map(\.name).sorted() == ["\(newName)/a.bin", "\(newName)/b.txt"])

        let file = try fixture.run(["rename", String(id), "c.txt", "--path", "\(newName)/b.txt", "--json"])
        #expect(file.status == 0, "\(file.all)")
        let reply = try JSONValue.parse(file.out)
        #expect(reply["name"]?.string == "c.txt" && reply["id"]?.int == id, "\(file.out)")
        torrent = try #require(try reader.torrent(id, [.files]))
        #expect(torrent.files?.map(\.name).sorted() == ["\(newName)/a.bin", "\(newName)/c.txt"])
        #expect(FileManager.default.fileExists(atPath: "\(fixture.root)/\(newName)/c.txt"))

        let lacking = try fixture.run(["rename", String(id), "d.txt", "--path", "\(newName)/nothing.txt"])
        #expect(lacking.status == 1, "\(lacking.all)")
        #expect(lacking.err.contains("has no file or folder"), "\(lacking.err)")
        let slash = try fixture.run(["rename", String(id), "x/y"])
        #expect(slash.status == 2, "\(slash.all)")
        torrent = try #require(try reader.torrent(id, [.files]))
        #expect(torrent.name == newName)
        #expect(torrent.files?.map(\.name).sorted() == ["\(newName)/a.bin", "\(newName)/c.txt"])
    }

    @Test(
        "trackers lists ids; --add, --replace, --remove (together too) are read back; bad ids change nothing",
        arguments: daemonMatrix)
    func trackers(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "trackers", daemon: daemon)
        defer { fixture.cleanUp() }
        let reader = try DaemonReader(bed: bed, daemon: daemon)
        let id = try fixture.add()
        let original = try #require(try reader.trackers(id).first)
        #expect(original.announce == fixture.tracker)

        let listed = try fixture.run(["trackers", String(id)])
        #expect(listed.status == 0, "\(listed.all)")
        #expect(listed.out.contains("\(original.id)  tier 1: \(fixture.tracker)"), "\(listed.out)")
        #expect(listed.out.contains("last announce:"), "\(listed.out)")
        let json = try JSONValue.parse(try fixture.run(["trackers", String(id), "--json"]).out)
        #expect(json["trackers"]?.array?.first?["id"]?.int == original.id, "\(json)")
        #expect(json["trackers"]?.array?.first?["announce"]?.string == fixture.tracker)

        // A passkey in an added URL (hosts differ: 4.x puts URLs of one host in one tier) is shown as given, never in the -v log.
        let keyed = "http://127.0.0.2:2/announce?passkey=SECRETPASSKEY0123"
        let second = "udp://127.0.0.3:3/announce"
        let added = try fixture.run(["trackers", String(id), "--add", keyed, "--add", second, "-v"])
        #expect(added.status == 0, "\(added.all)")
        #expect(added.out.contains("added tracker \(keyed)"), "\(added.out)")
        #expect(!added.err.contains("SECRETPASSKEY"), "\(added.err)")
        var trackers = try reader.trackers(id)
        #expect(trackers.map(\.announce) == [fixture.tracker, keyed, second], "\(trackers)")
        #expect(Set(trackers.map(\.tier)).count == 3, "each added URL is a tier of its own: \(trackers)")

        // Replace the last, remove the first, add one: Transmission 3 renumbers after a removal;
        // 4.x gives every tracker a new id with each new list.
        let last = try #require(trackers.last)
        let first = try #require(trackers.first { $0.announce == fixture.tracker })
        let replacement = "http://127.0.0.4:4/announce"
        let third = "http://127.0.0.5:5/announce"
        let combined = try fixture.run([
            "trackers", String(id), "--replace", String(last.id), replacement, "--remove", String(first.id),
            "--add", third, "--json",
        ])
        #expect(combined.status == 0, "\(combined.all)")
        trackers = try reader.trackers(id)
        #expect(trackers.map(\.announce) == [keyed, replacement, third], "\(trackers)")
        let shown = try JSONValue.parse(combined.out)["trackers"]?.array?.compactMap { $0["announce"]?.string }
        #expect(shown.map(Set.init) == Set([keyed, replacement, third]), "\(combined.out)")

        let unknown = try fixture.run(["trackers", String(id), "--remove", "999", "--add", "http://127.0.0.6:6/a"])
        #expect(unknown.status == 1, "\(unknown.all)")
        #expect(unknown.err.contains("has no tracker 999"), "\(unknown.err)")
        let again = try fixture.run(["trackers", String(id), "--add", third])
        #expect(again.status == 1, "\(again.all)")
        #expect(again.err.contains("already has the tracker"), "\(again.err)")
        let badURL = try fixture.run(["trackers", String(id), "--add", "ftp://127.0.0.1/announce"])
        #expect(badURL.status == 2, "\(badURL.all)")
        #expect(try reader.trackers(id).map(\.announce) == [keyed, replacement, third])
    }

    @Test("queue top, down, up, bottom: the positions read back", arguments: daemonMatrix)
    func queue(daemon: TestBed.Daemon) throws {
        let first = try CLITorrentFixture(bed: bed, tag: "queue1", daemon: daemon)
        defer { first.cleanUp() }
        let second = try CLITorrentFixture(bed: bed, tag: "queue2", daemon: daemon)
        defer { second.cleanUp() }
        let reader = try DaemonReader(bed: bed, daemon: daemon)
        let one = try first.add()
        let two = try second.add()
        func position(_ id: Int) throws -> Int { try #require(try reader.torrent(id, [.queuePosition])?.queuePosition) }

        var result = try first.run(["queue", String(one), "top"])
        #expect(result.status == 0, "\(result.all)")
        result = try first.run(["queue", String(two), "top"])
        #expect(result.out.contains("moved 1 torrent to the top of the queue:"), "\(result.out)")
        #expect(result.out.contains("(queue position 0)"), "\(result.out)")
        #expect(try position(two) == 0 && position(one) == 1)

        result = try first.run(["queue", String(two), "down"])
        #expect(result.status == 0, "\(result.all)")
        #expect(try position(one) == 0 && position(two) == 1)
        result = try first.run(["queue", String(two), "up"])
        #expect(result.status == 0, "\(result.all)")
        #expect(try position(two) == 0 && position(one) == 1)

        result = try first.run(["queue", "\(one),\(two)", "bottom"])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("moved 2 torrents to the bottom of the queue:"), "\(result.out)")
        #expect(try position(one) > 1 && position(two) > 1 || reader.client.torrentGet(fields: [.id]).count <= 2)

        // The queue seen: --json's positions, list --sort queue's order, info's row and key, all as
        // the daemon reads them back.
        // Queue order against id order: the one added second first.
        result = try first.run(["queue", String(one), "top", "--json"])
        #expect(try JSONValue.parse(result.out)["torrents"]?[0]?["queuePosition"]?.int == 0, "\(result.all)")
        result = try first.run(["queue", String(two), "top", "--json"])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.split(separator: "\n").count == 1, "\(result.out)")
        let moved = try JSONValue.parse(result.out)
        #expect(moved["direction"]?.string == "top")
        #expect(moved["torrents"]?[0]?["id"]?.int == two && moved["torrents"]?[0]?["queuePosition"]?.int == 0)
        #expect(try position(two) == 0 && position(one) == 1)
        let listed = try first.run(["list", "--sort", "queue", "--search", "payload-queue", "--json"])
        #expect(listed.status == 0, "\(listed.all)")
        #expect(try JSONValue.parse(listed.out)["torrents"]?.array?.map { $0["id"]?.int } == [two, one])
        let reversed = try first.run(["list", "--sort", "queue", "--reverse", "--search", "payload-queue"])
        #expect(reversed.out.split(separator: "\n").dropFirst().first?.contains(first.name) == true, "\(reversed.out)")
        let info = try first.run(["info", String(one)])
        #expect(info.out.contains("Queue:         position 1 (0 is first)"), "\(info.out)")
        let infoJSON = try JSONValue.parse(try first.run(["info", String(two), "--json"]).out)
        #expect(infoJSON["queuePosition"]?.int == 0)

        let bad = try first.run(["queue", String(one), "sideways"])
        #expect(bad.status == 2, "\(bad.all)")
        let missing = try first.run(["queue", "987654", "top"])
        #expect(missing.status == 1, "\(missing.all)")
    }
}
