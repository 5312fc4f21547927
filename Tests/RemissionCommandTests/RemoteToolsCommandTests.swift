import Foundation
import RemissionModel
import RemissionRPC
import TestSupport
import Testing

/// `port-test`, `blocklist update` and `groups` as real processes against 3.00 and 4.1.3. The bed's
/// daemons have no internet: the port-checking service cannot be reached (never "closed"), and the
/// blocklist comes from a loopback HTTP server of the test's own.
@Suite("port-test, blocklist update, groups (process, 3.00 and 4.1.3)")
struct RemoteToolsCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func run(_ home: CLIHome, _ own: TestBed, _ daemon: TestBed.Daemon, _ arguments: [String]) throws
        -> CLIHome.Result
    {
        try home.run(arguments + ["--server", own.daemonURL(daemon)], env: ["TR_AUTH": own.credentials])
    }

    @Test(
        "port-test without internet: could not be tested, exit 6, never closed; per family on 4.1",
        arguments: daemonMatrix)
    func portTestUnreachable(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let port = try bed.daemonReader(daemon).sessionGet(fields: [.peerPort]).peerPort
        let text = try run(home, bed, daemon, ["port-test"])
        #expect(text.status == 6, "\(text.all)")
        #expect(!text.out.contains("closed"), "\(text.out)")
        #expect(text.out.contains("could not be tested (the daemon could not reach the port-checking service"))
        #expect(text.err.contains("The port could not be tested"), "\(text.err)")
        #expect(text.err.contains("says nothing about whether the port is open or closed"), "\(text.err)")
        let lines = text.out.split(separator: "\n")
        if daemon == .modern {
            #expect(lines.count == 2, "\(text.out)")
            #expect(text.out.contains("Peer port \(port ?? -1) (IPv4): could not be tested"), "\(text.out)")
            #expect(text.out.contains("Peer port \(port ?? -1) (IPv6): could not be tested"), "\(text.out)")
        } else {
            #expect(lines.count == 1 && text.out.hasPrefix("Peer port \(port ?? -1): could not be tested"))
        }
        let json = try run(home, bed, daemon, ["port-test", "--json"])
        #expect(json.status == 6, "\(json.all)")
        let object = try JSONValue.parse(json.out)
        #expect(object["status"]?.string == "untested")
        #expect(object["peerPort"]?.int == port)
        let results = object["results"]?.array ?? []
        #expect(results.allSatisfy { $0["outcome"]?.string == "untested" && $0["error"]?.string != nil })
        #expect(results.map { $0["family"]?.string } == (daemon == .modern ? ["ipv4", "ipv6"] : [nil]))
    }

    @Test("blocklist update loads the daemon's blocklist-url from loopback, plain and gzip", arguments: daemonMatrix)
    func blocklistUpdate(daemon: TestBed.Daemon) throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let home = CLIHome(bed: own.bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let served = NSTemporaryDirectory() + "remission-blocklist-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: served) }
        let rules = "first:1.2.3.4-1.2.3.5\nsecond:10.0.0.0-10.0.0.255\nthird:192.168.7.1-192.168.7.1\n"
        try rules.write(toFile: served + "/level1.txt", atomically: true, encoding: .utf8)
        try (rules + "fourth:172.16.0.1-172.16.0.9\n").write(
            toFile: served + "/more.txt", atomically: true, encoding: .utf8)
        #expect(try own.bed.run("gzip", args: ["-k", served + "/more.txt"]).status == 0)
        let server = try LoopbackFileServer(serving: served)
        defer { server.stop() }
        let reader = try own.bed.daemonReader(daemon)

        var set = try run(home, own.bed, daemon, ["session", "--blocklist-url", server.url("level1.txt")])
        #expect(set.status == 0, "\(set.all)")
        #expect(try reader.sessionGet().blocklistUrl == server.url("level1.txt"))
        let text = try run(home, own.bed, daemon, ["blocklist", "update"])
        #expect(text.status == 0, "\(text.all)")
        #expect(text.out == "Blocklist updated: 3 rules.\n", "\(text.out)")
        #expect(try reader.sessionGet().blocklistSize == 3)

        set = try run(home, own.bed, daemon, ["session", "--blocklist-url", server.url("more.txt.gz")])
        #expect(set.status == 0, "\(set.all)")
        let json = try run(home, own.bed, daemon, ["blocklist", "update", "--json"])
        #expect(json.status == 0, "\(json.all)")
        #expect(json.out == #"{"rules":4}"# + "\n", "\(json.out)")
        #expect(try reader.sessionGet().blocklistSize == 4)

        // A URL the daemon cannot fetch: its error (exit 6); the rules it had stay.
        set = try run(home, own.bed, daemon, ["session", "--blocklist-url", server.url("missing.txt")])
        let failed = try run(home, own.bed, daemon, ["blocklist", "update"])
        #expect(failed.status == 6, "\(failed.all)")
        #expect(failed.err.contains("404") || failed.err.lowercased().contains("not found"), "\(failed.err)")
        #expect(try reader.sessionGet().blocklistSize == 4)
    }

    @Test(
        "groups: set then listed, read back with group-get; 3.00 needs Transmission 4.0 (exit 6)",
        arguments: daemonMatrix)
    func groups(daemon: TestBed.Daemon) throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let home = CLIHome(bed: own.bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        guard daemon == .modern else {
            for arguments in [["groups"], ["groups", "set", "slow", "--down-limit", "200"], ["groups", "--json"]] {
                let result = try run(home, own.bed, daemon, arguments)
                #expect(result.status == 6, "\(arguments): \(result.all)")
                #expect(
                    result.err.contains("remission groups needs Transmission 4.0 or later (rpc-version 17)"),
                    "\(result.err)")
                #expect(result.err.contains("hint: Upgrade Transmission on the server to 4.0 or later."))
                #expect(result.out.isEmpty)
            }
            return
        }
        let reader = try own.bed.daemonReader(daemon)
        var result = try run(home, own.bed, daemon, ["groups"])
        #expect(result.status == 0, "\(result.all)")
        result = try run(
            home, own.bed, daemon,
            [
                "groups", "set", "slow", "--down-limit", "200", "--up-limit", "50",
                "--honor-session", "off",
            ])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("slow: down 200 kB/s, up 50 kB/s; session limits do not apply"), "\(result.out)")
        var group = try #require(try reader.groupGet(names: ["slow"]).first)
        #expect(group.speedLimitDown == 200 && group.speedLimitDownEnabled == true)
        #expect(group.speedLimitUp == 50 && group.speedLimitUpEnabled == true)
        #expect(group.honorsSessionLimits == false)

        result = try run(
            home, own.bed, daemon, ["groups", "set", "slow", "--up-limit", "off", "--honor-session", "on"])
        #expect(result.status == 0, "\(result.all)")
        group = try #require(try reader.groupGet(names: ["slow"]).first)
        #expect(group.speedLimitUpEnabled == false && group.speedLimitDown == 200)
        #expect(group.honorsSessionLimits == true)

        let listed = try JSONValue.parse(try run(home, own.bed, daemon, ["groups", "--json"]).out)
        let entry = listed["groups"]?.array?.first { $0["name"]?.string == "slow" }
        #expect(entry?["speedLimitDown"]?["kBps"]?.int == 200)
        #expect(entry?["speedLimitUp"]?["enabled"]?.bool == false)

        // A refused value changes nothing: exit 2 before anything is sent.
        result = try run(home, own.bed, daemon, ["groups", "set", "slow", "--down-limit", "fast"])
        #expect(result.status == 2, "\(result.all)")
        #expect(try reader.groupGet(names: ["slow"]).first?.speedLimitDown == 200)
    }
}
