import Foundation
import TestSupport
import Testing

@Suite("remission info (process, real daemon)")
struct InfoCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "info shows the details; --files the file names; --trackers the tracker URL; --peers a section",
        arguments: daemonMatrix)
    func sections(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "info", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add(extra: ["--label", "cli-info"])
        #expect(try eventuallyTrue { try fixture.info(id)?["percentDone"] as? Double == 1 })

        let plain = try fixture.run(["info", String(id), "--utc"])
        #expect(plain.status == 0, "\(plain.all)")
        for expected in [
            "Id:            \(id)", "Name:          \(fixture.name)", "State:         Stopped",
            "Progress:      100%", "Size:          105 kB", "Left:          0 B", "Ratio:",
            "Download dir:  \(fixture.root)", "Labels:        cli-info", "Added:         20", " UTC",
            "Peers:         0 connected",
        ] {
            #expect(plain.out.contains(expected), "missing \(expected) in\n\(plain.out)")
        }
        #expect(!plain.out.contains("Files ("))
        // Without --utc, local time: TZ is honoured (a POSIX rule, so no tzdata is needed).
        let local = try fixture.home.run(
            ["info", String(id), "--server", bed.daemonURL(daemon)], env: ["TR_AUTH": bed.credentials, "TZ": "ABC-9"])
        #expect(local.out.contains("Added:         20") && local.out.contains(" ABC\n"), "\(local.out)")
        #expect(!local.out.contains(" UTC"), "\(local.out)")
        #expect(!plain.out.contains("Trackers ("))

        let full = try fixture.run(["info", String(id), "--files", "--trackers", "--peers"])
        #expect(full.status == 0, "\(full.all)")
        #expect(full.out.contains("Files (2):"))
        #expect(full.out.contains("\(fixture.name)/a.bin"))
        #expect(full.out.contains("\(fixture.name)/b.txt"))
        #expect(full.out.contains("Trackers (1):"))
        #expect(full.out.contains("Tier 1: \(fixture.tracker)"))
        #expect(full.out.contains("Peers: none connected."))

        let hash = try #require(try fixture.info(id)?["hash"] as? String)
        let byHash = try fixture.run(["info", hash])
        #expect(byHash.status == 0)
        #expect(byHash.out.contains("Id:            \(id)"))
    }

    @Test("info --json: typed values, files and trackers", arguments: daemonMatrix)
    func json(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "infojson", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let info = try #require(try fixture.info(id))
        #expect(info["id"] as? Int == id)
        #expect(info["name"] as? String == fixture.name)
        #expect((info["hash"] as? String)?.count == 40)
        #expect(info["totalSize"] as? Int == 105_000)
        let files = try #require(info["files"] as? [[String: Any]])
        #expect(files.compactMap { $0["name"] as? String } == ["\(fixture.name)/a.bin", "\(fixture.name)/b.txt"])
        let trackers = try #require(info["trackers"] as? [[String: Any]])
        #expect(trackers.first?["announce"] as? String == fixture.tracker)
        // One line, like every other --json (issue 15).
        let raw = try fixture.run(["info", String(id), "--json"])
        #expect(raw.out.hasSuffix("}\n") && raw.out.split(separator: "\n").count == 1, "\(raw.out)")
    }

    @Test("info: an unknown id is exit 1; a list or a malformed id is exit 2", arguments: daemonMatrix)
    func badIds(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "infobad", daemon: daemon)
        defer { fixture.cleanUp() }
        let unknown = try fixture.run(["info", "987654"])
        #expect(unknown.status == 1, "\(unknown.all)")
        #expect(unknown.err.contains("no torrent with id 987654"))
        for text in ["1,2", "all", "x1"] {
            let result = try fixture.run(["info", text])
            #expect(result.status == 2, "\(text): \(result.all)")
        }
    }
}
