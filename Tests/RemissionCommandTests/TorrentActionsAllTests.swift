import Foundation
import RemissionModel
import RemissionSession
import TestSupport
import Testing

@testable import RemissionViews
@testable import remission

/// `stop all` / `start all` against a private test bed (acting on every torrent would disturb the
/// suites that share the main one): they act on all torrents with one request that names no ids,
/// which Transmission 3 serves in milliseconds where 10,000 listed ids took it 2.4 s.
@Suite("remission start/stop all (process, private test bed)", .serialized)
struct TorrentActionsAllTests {
    @Test("stop all and start all: every torrent changes, the request names no ids, the report lists them")
    func allWithoutIds() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let bed = own.bed
        let home = CLIHome(bed: bed)
        let fixture = try ListFixture(bed: bed, port: bed.daemonPort(), names: ["one", "two", "three"])
        defer { try? FileManager.default.removeItem(atPath: fixture.root) }
        let url = bed.daemonURL()
        let env = ["TR_AUTH": bed.credentials]

        let stopped = try home.run(["stop", "all", "--server", url, "-v"], env: env)
        #expect(stopped.status == 0, "\(stopped.all)")
        #expect(stopped.out.contains("stopped 3 torrents:"), "\(stopped.out)")
        for name in fixture.names { #expect(stopped.out.contains(name)) }
        let stopRequest = stopped.err.split(separator: "\n").first {
            $0.contains("rpc.method=torrent-stop rpc.request")
        }
        #expect(stopRequest?.contains("arguments: {}") == true, "no ids for all: \(stopRequest ?? "no request logged")")
        // A torrent the daemon is still verifying (the fixture's last one was just added) finishes
        // that check before it shows as stopped; wait for it, at most 15 s.
        var statuses: [String] = []
        for _ in 0..<60 {
            let afterStop = try JSONValue.parse(try home.run(["list", url, "--json"], env: env).out)
            statuses = afterStop["torrents"]?.array?.compactMap { $0["status"]?.string } ?? []
            if !statuses.contains("checking") { break }
            usleep(250_000)
        }
        #expect(statuses == ["stopped", "stopped", "stopped"], "\(statuses)")

        let started = try home.run(["start", "all", "--server", url], env: env)
        #expect(started.status == 0, "\(started.all)")
        #expect(started.out.contains("started 3 torrents:"), "\(started.out)")
        let afterStart = try JSONValue.parse(try home.run(["list", url, "--json"], env: env).out)
        let restarted = afterStart["torrents"]?.array?.compactMap { $0["status"]?.string } ?? []
        #expect(restarted.count == 3 && !restarted.contains("stopped"), "\(restarted)")
    }

    @Test("remove all of 600 torrents: named ids in batches of 250, progress on stderr, nothing left")
    func removeInBatches() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let bed = own.bed
        let home = CLIHome(bed: bed)
        let load = try ProcessRunner.run(
            TestBed.repositoryRoot + "/bench/lib/load-torrents", args: [own.directory, "600"], timeout: .seconds(120))
        #expect(load.status == 0, "\(load.stderrText)")
        let url = bed.daemonURL()
        let env = ["TR_AUTH": bed.credentials]

        let removed = try home.run(["remove", "all", "--server", url, "-v"], env: env)
        #expect(removed.status == 0, "\(removed.all)")
        #expect(removed.out.contains("removed 600 torrents; the data stays on the server."), "\(removed.out)")
        let requests = removed.err.split(separator: "\n").filter {
            $0.contains("rpc.method=torrent-remove rpc.request")
        }
        #expect(requests.count == 3, "600 ids in batches of 250: \(requests.count) requests")
        #expect(requests.allSatisfy { $0.contains("ids") }, "each batch names its ids, never all")
        for progress in ["removed 250 of 600…", "removed 500 of 600…", "removed 600 of 600…"] {
            #expect(removed.err.contains("remission: \(progress)"), "\(progress)")
        }
        let left = try home.run(["list", url], env: env)
        #expect(left.status == 0, "\(left.all)")
        #expect(left.out.split(separator: "\n").count == 2, "only the header and the sum line: \(left.out)")
    }

    @Test("ids cut into batches: in order, none lost, none longer than the size")
    func batches() {
        #expect(RemissionCommand.Remove.batches([], size: 3).isEmpty)
        #expect(
            RemissionCommand.Remove.batches([1, 2, 3, 4, 5, 6, 7], size: 3).map(Array.init) == [
                [1, 2, 3], [4, 5, 6], [7],
            ])
        #expect(RemissionCommand.Remove.batches([9, 8], size: 250).map(Array.init) == [[9, 8]])
        let many = Array(1...1001)
        let cut = RemissionCommand.Remove.batches(many, size: RemissionCommand.Remove.batchSize)
        #expect(cut.map(\.count) == [250, 250, 250, 250, 1])
        #expect(cut.flatMap { $0 } == many)
    }
}
