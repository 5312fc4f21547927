import Foundation
import TestSupport
import Testing

/// `remission session` and `remission stats` run as real processes against real daemons.
@Suite("remission session / stats (process, real daemon)")
struct SessionCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    func remission(_ arguments: [String], on bed: TestBed? = nil) throws -> CLIHome.Result {
        let bed = bed ?? self.bed
        return try home.run(arguments + ["--server", bed.daemonURL()], env: ["TR_AUTH": bed.credentials])
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("session shows version, download dir with free space, limits, alt-speed, port, encryption, peers, ratio")
    func show() throws {
        let result = try remission(["session"])
        #expect(result.status == 0, "\(result.all)")
        for label in [
            "Version:", "RPC version:", "Download dir:", "Download limit:", "Upload limit:", "Alt speed:", "Peer port:",
            "Encryption:", "Peer limits:", "Seed ratio:",
        ] {
            #expect(result.out.contains(label), "\(label) missing in \(result.out)")
        }
        #expect(result.out.contains("Download dir:    \(bed.downloadDirectory) ("))
        #expect(result.out.contains(" free)"))
        #expect(result.out.contains("kB/s"))
    }

    @Test("session --json: typed values")
    func showJSON() throws {
        let result = try remission(["session", "--json"])
        #expect(result.status == 0, "\(result.all)")
        let object = try Self.json(result.out)
        #expect(object["rpcVersion"] as? Int ?? 0 >= 14)
        #expect(object["downloadDir"] as? String == bed.downloadDirectory)
        #expect((object["downloadDirFreeBytes"] as? Int ?? -1) > 0)
        let down = try #require(object["speedLimitDown"] as? [String: Any])
        #expect(down["kBps"] is Int && down["enabled"] is Bool)
        #expect((object["altSpeed"] as? [String: Any])?["enabled"] is Bool)
        #expect(object["encryption"] as? String != nil)
    }

    @Test("session changes on a private daemon are read back: limit 123, off, alt-speed on/off, download dir")
    func change() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        var result = try remission(
            ["session", "--down-limit", "123", "--up-limit", "45", "--alt-speed", "on"], on: own.bed)
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("Download limit:  123 kB/s\n"))
        #expect(result.out.contains("Upload limit:    45 kB/s\n"))
        #expect(result.out.contains("Alt speed:       on ("))
        result = try remission(["session", "--json"], on: own.bed)
        var object = try Self.json(result.out)
        #expect((object["speedLimitDown"] as? [String: Any])?["kBps"] as? Int == 123)
        #expect((object["speedLimitDown"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect((object["altSpeed"] as? [String: Any])?["enabled"] as? Bool == true)

        let directory = own.bed.downloadDirectory + "/elsewhere"
        result = try remission(
            ["session", "--down-limit", "off", "--alt-speed", "off", "--download-dir", directory, "--json"], on: own.bed
        )
        #expect(result.status == 0, "\(result.all)")
        object = try Self.json(result.out)
        #expect((object["speedLimitDown"] as? [String: Any])?["enabled"] as? Bool == false)
        #expect((object["speedLimitDown"] as? [String: Any])?["kBps"] as? Int == 123)
        #expect((object["altSpeed"] as? [String: Any])?["enabled"] as? Bool == false)
        #expect(object["downloadDir"] as? String == directory)
    }

    @Test(
        "bad values are usage errors (exit 2) before anything is sent",
        arguments: [
            (["--down-limit", "-5"], "--down-limit takes a speed in kB/s (a whole number from 1 to 4000000) or off"),
            (["--up-limit", "fast"], "--up-limit takes a speed in kB/s (a whole number from 1 to 4000000) or off"),
            (["--down-limit", "0"], "a whole number from 1 to 4000000"), (["--alt-speed", "maybe"], "on or off"),
            (["--download-dir", "relative/dir"], "absolute path"),
        ])
    func badValues(arguments: [String], message: String) throws {
        // A closed port: had the request been sent, the exit code would be 3 (offline).
        let url = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let result = try home.run(["session"] + arguments + ["--server", url], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test("session against a closed port: offline, exit 3")
    func offline() throws {
        let url = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let result = try home.run(["session", "--server", url], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 3, "\(result.all)")
        #expect(result.out.isEmpty)
    }

    @Test("session with a wrong password: exit 4", arguments: daemonMatrix)
    func wrongPassword(daemon: TestBed.Daemon) throws {
        let result = try home.run(
            ["session", "--server", bed.daemonURL(daemon)], env: ["TR_AUTH": "\(bed.user):wrong"])
        #expect(result.status == 4, "\(result.all)")
    }
}
