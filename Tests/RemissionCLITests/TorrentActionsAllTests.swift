import Foundation
import RemissionModel
import TestSupport
import Testing

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
        let afterStop = try JSONValue.parse(try home.run(["list", url, "--json"], env: env).out)
        let statuses = afterStop["torrents"]?.array?.compactMap { $0["status"]?.string } ?? []
        #expect(statuses == ["stopped", "stopped", "stopped"], "\(statuses)")

        let started = try home.run(["start", "all", "--server", url], env: env)
        #expect(started.status == 0, "\(started.all)")
        #expect(started.out.contains("started 3 torrents:"), "\(started.out)")
        let afterStart = try JSONValue.parse(try home.run(["list", url, "--json"], env: env).out)
        let restarted = afterStart["torrents"]?.array?.compactMap { $0["status"]?.string } ?? []
        #expect(restarted.count == 3 && !restarted.contains("stopped"), "\(restarted)")
    }
}
