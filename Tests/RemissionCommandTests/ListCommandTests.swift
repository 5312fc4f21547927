import Foundation
import RemissionModel
import TestSupport
import Testing

/// Real torrents made with transmission-create, added with transmission-remote to a daemon.
struct ListFixture {
    let bed: TestBed
    let port: Int
    let root: String
    let prefix: String
    let names: [String]

    init(bed: TestBed, port: Int, names suffixes: [String]) throws {
        self.bed = bed
        self.port = port
        let prefix = "listit-\(UUID().uuidString.lowercased().prefix(8))"
        self.prefix = prefix
        root = "\(bed.downloadDirectory)/\(prefix)"
        names = suffixes.map { "\(prefix)-\($0)" }
        for name in names {
            try FileManager.default.createDirectory(atPath: "\(root)/\(name)", withIntermediateDirectories: true)
            try Data((0..<20_000).map { _ in UInt8.random(in: 0...255) })
                .write(to: URL(fileURLWithPath: "\(root)/\(name)/data.bin"))
            let file = "\(root)/\(name).torrent"
            try check(
                bed.run("transmission-create", args: ["-o", file, "-t", "http://127.0.0.1:1/a", "\(root)/\(name)"]))
            try check(remote(["-a", file, "-w", root]))
        }
    }

    func remote(_ arguments: [String]) throws -> ProcessResult {
        try bed.run("transmission-remote", args: ["127.0.0.1:\(port)", "-n", bed.credentials] + arguments)
    }

    @discardableResult
    func check(_ result: ProcessResult) throws -> ProcessResult {
        guard result.status == 0 else { throw TestBedError.scriptFailed("fixture", result) }
        return result
    }

    func remove(ids: [Int]) {
        if !ids.isEmpty { _ = try? remote(["-t", ids.map(String.init).joined(separator: ","), "-r"]) }
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// Parses `list --json` output: (id, name, status) of each torrent.
func listedTorrents(_ text: String) throws -> [(id: Int, name: String, status: String)] {
    let value = try JSONValue.parse(text)
    return (value["torrents"]?.array ?? []).map {
        ($0["id"]?.int ?? -1, $0["name"]?.string ?? "", $0["status"]?.string ?? "")
    }
}

@Suite("remission list (process, real daemon)", .serialized)
struct ListCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "lists real torrents: table, --json, --search, --sort name --reverse, --status stopped", arguments: daemonMatrix
    )
    func endToEnd(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        let fixture = try ListFixture(bed: bed, port: bed.daemonPort(daemon), names: ["beta", "alpha", "gamma"])
        var ids: [Int] = []
        defer { fixture.remove(ids: ids) }
        let url = bed.daemonURL(daemon)
        let env = ["TR_AUTH": bed.credentials, "COLUMNS": "200"]

        let json = try home.run(["list", url, "--json", "--search", fixture.prefix], env: env)
        #expect(json.status == 0, "\(json.all)")
        let listed = try listedTorrents(json.out)
        ids = listed.map(\.id)
        #expect(listed.map(\.name) == fixture.names, "added in this order, listed by id")
        #expect(ids == ids.sorted())

        let table = try home.run(["list", url, "--search", fixture.prefix.uppercased()], env: env)
        #expect(table.status == 0, "\(table.all)")
        let lines = table.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(table.out)")
        #expect(lines.first?.contains("ID") == true && lines.first?.hasSuffix("Name") == true)
        for name in fixture.names { #expect(table.out.contains(name)) }
        #expect(lines.last?.hasPrefix("Sum:") == true)
        #expect(!table.out.contains("bench-"))

        let sorted = try home.run(
            ["list", url, "--json", "--search", fixture.prefix, "--sort", "name", "--reverse"], env: env)
        #expect(try listedTorrents(sorted.out).map(\.name) == fixture.names.sorted().reversed())

        // Alpha and gamma stopped, beta started (it verifies, then seeds its complete data).
        try fixture.check(fixture.remote(["-t", "\(ids[1]),\(ids[2])", "-S"]))
        try fixture.check(fixture.remote(["-t", "\(ids[0])", "-s"]))
        var stopped: [String] = []
        for _ in 0..<50 {
            let result = try home.run(
                ["list", url, "--json", "--search", fixture.prefix, "--status", "stopped"], env: env)
            stopped = try listedTorrents(result.out).map(\.name)
            if stopped.count == 2 { break }
            usleep(100_000)
        }
        #expect(stopped == [fixture.names[1], fixture.names[2]])

        let none = try home.run(["list", url, "--search", "no-such-torrent-\(UUID())"], env: env)
        #expect(none.status == 0)
        #expect(none.out.split(separator: "\n").count == 2)

        // The snapshot was written, 0600, and names no password.
        let snapshots = home.writtenFiles().filter { $0.key.hasPrefix("cache/snapshots/") && $0.key.hasSuffix(".json") }
        #expect(snapshots.count == 1)
        #expect(snapshots.values.allSatisfy { !$0.contains(bed.password) })
    }

    @Test("bad --status and --sort values are usage errors (exit 2)", arguments: daemonMatrix)
    func usage(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        #expect(try home.run(["list", bed.daemonURL(daemon), "--status", "sleeping"]).status == 2)
        #expect(try home.run(["list", bed.daemonURL(daemon), "--sort", "colour"]).status == 2)
    }

    @Test("a wrong password is exit 4 and never falls back to the snapshot", arguments: daemonMatrix)
    func authFailure(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        let url = bed.daemonURL(daemon)
        #expect(try home.run(["list", url], env: ["TR_AUTH": bed.credentials]).status == 0)
        let result = try home.run(["list", url], env: ["TR_AUTH": "\(bed.user):wrong"])
        #expect(result.status == 4, "\(result.all)")
        #expect(!result.all.contains("OFFLINE"))
    }
}
