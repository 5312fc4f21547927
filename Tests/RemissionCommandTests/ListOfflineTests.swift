import Foundation
import RemissionModel
import TestSupport
import Testing

/// The offline snapshot end to end, against a private test bed (so stopping its daemon disturbs
/// no other suite): list online, stop the daemon, list again → the snapshot with the banner, exit 3.
@Suite("remission list offline (process, private test bed)", .serialized)
struct ListOfflineTests {
    @Test(
        "offline: snapshot with banner and exit 3; --offline exit 0; missing fields named; other parameters see nothing"
    )
    func offline() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let bed = own.bed
        let home = CLIHome(bed: bed)
        let fixture = try ListFixture(bed: bed, port: bed.daemonPort(), names: ["one", "two", "three"])
        defer { try? FileManager.default.removeItem(atPath: fixture.root) }
        let url = bed.daemonURL()
        let env = ["TR_AUTH": bed.credentials, "COLUMNS": "160"]

        let online = try home.run(["list", url], env: env)
        #expect(online.status == 0, "\(online.all)")
        #expect(!online.err.contains("OFFLINE"))

        try bed.stopDaemon(.main)
        defer { try? bed.startDaemon(.main) }

        let offline = try home.run(["list", url], env: env)
        #expect(offline.status == 3, "\(offline.all)")
        #expect(offline.err.contains("OFFLINE — data from "))
        #expect(offline.err.contains("UTC (0 minutes ago)"))
        // Local time by default (TZ honoured, here a POSIX rule that needs no tzdata), UTC with --utc.
        let tokyo = try home.run(["list", url, "--offline"], env: env.merging(["TZ": "ABC-9"]) { $1 })
        #expect(tokyo.err.contains(" ABC (0 minutes ago)"), "\(tokyo.err)")
        let utc = try home.run(["--utc", "list", url, "--offline"], env: env.merging(["TZ": "ABC-9"]) { $1 })
        #expect(utc.err.contains(" UTC (0 minutes ago)"), "\(utc.err)")
        #expect(offline.err.contains("refused"), "the reason comes too: \(offline.err)")
        for name in fixture.names { #expect(offline.out.contains(name)) }

        // The plain list fetched only the table's fields: views that need more say so, showing nothing.
        let jsonWhileDown = try home.run(["list", url, "--json"], env: env)
        #expect(jsonWhileDown.status == 3, "\(jsonWhileDown.all)")
        #expect(jsonWhileDown.err.contains("lacks hashString, errorString, addedDate, labels"), "\(jsonWhileDown.err)")
        #expect(jsonWhileDown.out.isEmpty)
        let labelOffline = try home.run(["list", url, "--offline", "--label", "x"], env: env)
        #expect(labelOffline.status == 1, "\(labelOffline.all)")
        #expect(labelOffline.err.contains("lacks labels"), "\(labelOffline.err)")
        #expect(labelOffline.out.isEmpty)

        // Other connection parameters (another user; the same port through another path) see no snapshot.
        let otherUser = try home.run(["list", url, "--offline"], env: ["TR_AUTH": "someone:else"])
        #expect(otherUser.status == 1)
        #expect(otherUser.err.contains("nothing saved for this server with these settings (user"), "\(otherUser.err)")
        let otherPath = try home.run(["list", "http://127.0.0.1:\(bed.daemonPort())/other/rpc"], env: env)
        #expect(otherPath.status == 3)
        #expect(otherPath.err.contains("Nothing saved yet for this server to show instead"), "\(otherPath.err)")
        #expect(!otherPath.out.contains(fixture.names[0]))

        // Back online, a --json list keeps every field; offline, --json then shows them.
        try bed.startDaemon(.main)
        // A restarted daemon answers before it has loaded every torrent; the snapshot holds what the
        // last list saw, so wait (at most 10 s) until the daemon lists all three again.
        var back = try home.run(["list", url, "--json"], env: env)
        for _ in 0..<40 where (try? listedTorrents(back.out).count) != fixture.names.count {
            usleep(250_000)
            back = try home.run(["list", url, "--json"], env: env)
        }
        #expect(back.status == 0, "\(back.all)")
        #expect(!back.err.contains("OFFLINE"))
        let json = try home.run(["list", url, "--offline", "--json", "--sort", "name"], env: env)
        #expect(json.status == 0, "\(json.all)")
        #expect(json.err.contains("OFFLINE — data from "))
        #expect(try listedTorrents(json.out).map(\.name) == fixture.names.sorted(), "\(json.all)")
        let document = try JSONValue.parse(json.out)
        #expect(document["offline"]?.bool == true)
        let hashes = document["torrents"]?.array?.compactMap { $0["hash"]?.string } ?? []
        #expect(hashes.count == 3 && hashes.allSatisfy { $0.count == 40 }, "\(hashes)")
        let plainOffline = try home.run(["list", url, "--offline", "--sort", "added"], env: env)
        #expect(plainOffline.status == 0, "a snapshot with every field serves every view: \(plainOffline.all)")
    }
}
