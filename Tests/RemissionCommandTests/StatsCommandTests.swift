import Foundation
import TestSupport
import Testing

@Suite("remission stats (process, real daemon)")
struct StatsCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    @Test("stats: counts, speeds, this session and total columns", arguments: daemonMatrix)
    func text(daemon: TestBed.Daemon) throws {
        let result = try home.run(["stats", "--server", bed.daemonURL(daemon)], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.hasPrefix("Torrents: "))
        #expect(result.out.contains("active,") && result.out.contains("paused)"))
        #expect(result.out.contains("Speed:    down "))
        for label in [
            "This session", "Total", "Uploaded:", "Downloaded:", "Ratio:", "Files added:", "Time active:", "Sessions:",
        ] {
            #expect(result.out.contains(label), "\(label) missing in \(result.out)")
        }
    }

    @Test("stats --json: typed counts and totals", arguments: daemonMatrix)
    func json(daemon: TestBed.Daemon) throws {
        let result = try home.run(
            ["stats", "--json", "--server", bed.daemonURL(daemon)], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 0, "\(result.all)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let total = try #require(object["torrents"] as? Int)
        #expect((object["activeTorrents"] as? Int ?? -1) + (object["pausedTorrents"] as? Int ?? -1) == total)
        #expect(object["downloadSpeed"] is Int)
        let cumulative = try #require(object["cumulative"] as? [String: Any])
        #expect((cumulative["sessions"] as? Int ?? 0) >= 1)
        #expect((cumulative["secondsActive"] as? Int ?? -1) >= 0)
        #expect(cumulative.keys.contains("ratio"))
    }

    @Test("stats against a closed port: exit 3")
    func offline() throws {
        let url = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let result = try home.run(["stats", "--server", url], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 3, "\(result.all)")
    }
}
