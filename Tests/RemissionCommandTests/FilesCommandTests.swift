import Foundation
import TestSupport
import Testing

@Suite("remission files (process, real daemon)")
struct FilesCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func files(_ fixture: CLITorrentFixture, _ id: Int) throws -> [[String: Any]] {
        try #require(try fixture.info(id)?["files"] as? [[String: Any]])
    }

    @Test(
        "files lists; --skip 0 and --priority high 1 are read back by info --files and --json", arguments: daemonMatrix)
    func skipAndPriority(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "files", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()

        let listing = try fixture.run(["files", String(id)])
        #expect(listing.status == 0, "\(listing.all)")
        #expect(listing.out.contains("Files (2):"))
        #expect(listing.out.contains("normal    yes"))
        #expect(listing.out.contains("\(fixture.name)/a.bin"))

        let skip = try fixture.run(["files", String(id), "--skip", "0"])
        #expect(skip.status == 0, "\(skip.all)")
        #expect(skip.out.contains("skipping 1 file (0) of \(id) \(fixture.name)"))
        let high = try fixture.run(["files", String(id), "--priority", "high", "1"])
        #expect(high.status == 0, "\(high.all)")
        #expect(high.out.contains("priority high for 1 file (1)"))

        let read = try files(fixture, id)
        #expect(read.compactMap { $0["wanted"] as? Bool } == [false, true])
        #expect(read.compactMap { $0["priority"] as? String } == ["normal", "high"])
        let info = try fixture.run(["info", String(id), "--files"])
        let lines = info.out.split(separator: "\n")
        #expect(lines.contains { $0.contains("normal    no") && $0.hasSuffix("\(fixture.name)/a.bin") }, "\(info.out)")
        #expect(lines.contains { $0.contains("high      yes") && $0.hasSuffix("\(fixture.name)/b.txt") }, "\(info.out)")

        let back = try fixture.run(["files", String(id), "--get", "all", "--priority", "low", "0-1"])
        #expect(back.status == 0, "\(back.all)")
        let again = try files(fixture, id)
        #expect(again.compactMap { $0["wanted"] as? Bool } == [true, true])
        #expect(again.compactMap { $0["priority"] as? String } == ["low", "low"])
    }

    @Test(
        "an index out of range is an error before anything is sent; malformed indexes are exit 2",
        arguments: daemonMatrix)
    func outOfRange(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "filesbad", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let result = try fixture.run(["files", String(id), "--skip", "0,5"])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains("No file with index 5: the torrent has 2 files (0-1)"), "\(result.all)")
        #expect(try files(fixture, id).compactMap { $0["wanted"] as? Bool } == [true, true])

        for arguments in [
            ["--skip", "x"], ["--get", "3-1"], ["--priority", "urgent", "0"], ["--priority", "high"], ["0"],
        ] {
            let bad = try fixture.run(["files", String(id)] + arguments)
            #expect(bad.status == 2, "\(arguments): \(bad.all)")
        }
        let unknown = try fixture.run(["files", "987655", "--skip", "0"])
        #expect(unknown.status == 1)
        #expect(unknown.err.contains("no torrent with id 987655"))
    }
}
