import Foundation
import TestSupport
import Testing

@Suite("remission start/stop/verify/reannounce/remove (process, real daemon)")
struct TorrentActionsCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "a malformed id list is exit 2 with the parser's message, before connecting",
        arguments: [("7-3", "reversed range"), ("abc", "is not a torrent id"), ("1,,2", "empty item")],
        ["start", "stop", "verify", "reannounce", "remove"])
    func malformedIds(ids: (String, String), command: String) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let closed = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let result = try home.run([command, ids.0, "--server", closed], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains(ids.1), "\(result.all)")
    }

    @Test(
        "ids that do not exist are reported: exit 1 when none exists, a warning when some do", arguments: daemonMatrix)
    func unknownIds(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "unknown", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let missing = 999_000 + Int.random(in: 0..<999)
        for command in ["start", "stop", "verify", "reannounce", "remove"] {
            let none = try fixture.run(
                [command, String(missing), "--yes"].filter { command == "remove" || $0 != "--yes" })
            #expect(none.status == 1, "\(command): \(none.all)")
            #expect(none.err.contains("no torrent with id \(missing)"), "\(command): \(none.all)")
        }
        let hash = String(repeating: "ab", count: 20)
        let byHash = try fixture.run(["stop", hash])
        #expect(byHash.status == 1)
        #expect(byHash.err.contains("no torrent with hash \(hash)"))

        let some = try fixture.run(["stop", "\(id),\(missing)"])
        #expect(some.status == 0, "\(some.all)")
        #expect(some.err.contains("warning: no torrent with id \(missing)"))
        #expect(some.out.contains("stopped 1 torrent:"))
        #expect(some.out.contains("\(id)  \(fixture.name)"))
    }

    @Test(
        "verify, start, reannounce, stop change the torrent's status; verify finds spoiled data",
        arguments: daemonMatrix)
    func lifecycle(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "life", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        func status() throws -> String? { try fixture.info(id)?["status"] as? String }
        func done() throws -> Double? { try fixture.info(id)?["percentDone"] as? Double }
        // The daemon checks the data it finds when the torrent is added; then it is complete and stopped.
        #expect(try eventuallyTrue { try status() == "stopped" && done() == 1 })

        let started = try fixture.run(["start", String(id)])
        #expect(started.status == 0, "\(started.all)")
        #expect(started.out == "started 1 torrent:\n  \(id)  \(fixture.name)\n")
        #expect(try eventuallyTrue { try status() == "seeding" })

        let reannounced = try fixture.run(["reannounce", String(id)])
        #expect(reannounced.status == 0, "\(reannounced.all)")
        #expect(reannounced.out.hasPrefix("reannounced 1 torrent:"))

        let stopped = try fixture.run(["stop", String(id)])
        #expect(stopped.status == 0, "\(stopped.all)")
        #expect(stopped.out.hasPrefix("stopped 1 torrent:"))
        #expect(try eventuallyTrue { try status() == "stopped" })

        try Data(count: 100_000).write(to: URL(fileURLWithPath: "\(fixture.dataPath)/a.bin"))
        let verified = try fixture.run(["verify", String(id)])
        #expect(verified.status == 0, "\(verified.all)")
        #expect(verified.out.hasPrefix("verifying 1 torrent:"))
        #expect(try eventuallyTrue { try status() == "stopped" && (done() ?? 1) < 1 })
    }

    @Test(
        "remove --delete-data without --yes and without a terminal: exit 2, the torrent and its data stay",
        arguments: daemonMatrix)
    func removeRefusesWithoutYes(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "refuse", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let result = try fixture.run(["remove", String(id), "--delete-data"], stdin: "yes\n")
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains("--yes"))
        #expect(try fixture.info(id)?["name"] as? String == fixture.name)
        #expect(FileManager.default.fileExists(atPath: "\(fixture.dataPath)/a.bin"))
    }

    @Test("remove --delete-data --yes deletes the data on disk", arguments: daemonMatrix)
    func removeDeletesData(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "deldata", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        #expect(try eventuallyTrue { try fixture.info(id)?["percentDone"] as? Double == 1 })
        let result = try fixture.run(["remove", String(id), "--delete-data", "--yes"])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("To remove (1 torrent, deleting 105 kB of data):"))
        #expect(result.out.contains("\(id)  \(fixture.name)"))
        #expect(result.out.contains("removed 1 torrent and deleted its data."))
        fixture.addedIds = []
        #expect(try fixture.info(id) == nil)
        #expect(eventuallyTrue(seconds: 10) { !FileManager.default.fileExists(atPath: "\(fixture.dataPath)/a.bin") })
        #expect(!FileManager.default.fileExists(atPath: "\(fixture.dataPath)/b.txt"))
    }

    @Test("remove without --delete-data needs no --yes off a terminal and keeps the files", arguments: daemonMatrix)
    func removeKeepsData(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "keep", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let result = try fixture.run(["remove", String(id)])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("removed 1 torrent; the data stays on the server."))
        fixture.addedIds = []
        let gone = try fixture.run(["info", String(id)])
        #expect(gone.status == 1)
        #expect(gone.err.contains("no torrent with id \(id)"))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(FileManager.default.fileExists(atPath: "\(fixture.dataPath)/a.bin"))
        #expect(FileManager.default.fileExists(atPath: "\(fixture.dataPath)/b.txt"))
    }

    @Test(
        "remove --delete-data on a terminal asks; 'no' keeps everything (exit 1), 'yes' deletes",
        arguments: daemonMatrix)
    func removeAsksOnTerminal(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "ask", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        // runOnTerminal clears TR_AUTH: the password comes from a netrc file.
        let netrc = "\(fixture.home.directory)/netrc"
        try Data("machine \(bed.host) login \(bed.user) password \(bed.password)\n".utf8).write(
            to: URL(fileURLWithPath: netrc))
        chmod(netrc, 0o600)
        let arguments = [
            "remove", String(id), "--delete-data", "--server", bed.daemonURL(daemon), "--netrc-file", netrc,
        ]
        let declined = try fixture.home.runOnTerminal(arguments, lines: ["no"])
        #expect(declined.status == 1, "\(declined.all)")
        // The size is what is on disk now, which depends on how far the daemon's check has got.
        #expect(declined.all.contains("Delete the data of 1 torrent ("), "\(declined.all)")
        #expect(declined.all.contains(" kB)? (yes/no)"), "\(declined.all)")
        #expect(try fixture.info(id) != nil)
        let accepted = try fixture.home.runOnTerminal(arguments, lines: ["yes"])
        #expect(accepted.status == 0, "\(accepted.all)")
        fixture.addedIds = []
        #expect(try fixture.info(id) == nil)
        #expect(eventuallyTrue(seconds: 10) { !FileManager.default.fileExists(atPath: "\(fixture.dataPath)/a.bin") })
    }
}
