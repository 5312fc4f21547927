import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// `remission set` as a real process against 3.00 and 4.1.3; every result is read back with the
/// test's own `torrent-get`, never from Remission's output.
@Suite("remission set (process, real daemons)")
struct SetCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// The daemon's own view of torrent `id`: the fields `set` changes.
    func read(_ id: Int, _ daemon: TestBed.Daemon, on other: TestBed? = nil) throws -> Torrent {
        let bed = other ?? self.bed
        let endpoint = try ServerEndpoint.parse(bed.daemonURL(daemon))
        let transport = try SocketTransport(
            endpoint: endpoint, caFile: nil, options: TransportOptions(timeoutSeconds: 20),
            policy: TrustPolicy(trust: ServerTrust()))
        let client = RPCClient(
            transport: transport, credentials: BasicCredentials(user: bed.user, password: bed.password),
            retryPolicy: .none, logger: Logger(label: "set-test") { _ in SwiftLogNoOpLogHandler() })
        var fields: [TorrentField] = [
            .id, .labels, .downloadLimit, .downloadLimited, .uploadLimit, .uploadLimited, .honorsSessionLimits,
            .bandwidthPriority, .seedRatioLimit, .seedRatioMode, .seedIdleLimit, .seedIdleMode, .peerLimit,
        ]
        if daemon == .modern { fields += [.group, .sequentialDownload] }
        return try #require(try client.torrentGet(ids: .id(id), fields: fields, format: .objects).first)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("limits, priority and seeding limits are set, then undone; read back by torrent-get", arguments: daemonMatrix)
    func limitsAndSeeding(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "set", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()

        let set = try fixture.run([
            "set", String(id), "--down-limit", "123", "--up-limit", "45", "--honor-session", "off",
            "--bandwidth-priority", "high", "--seed-ratio", "1.5", "--seed-idle", "30", "--peer-limit", "77",
        ])
        #expect(set.status == 0, "\(set.all)")
        #expect(set.out.hasPrefix("\(id) \(fixture.name): download limit 123 kB/s (was unlimited)"), "\(set.out)")
        var torrent = try read(id, daemon)
        #expect(torrent.downloadLimit == 123 && torrent.downloadLimited == true)
        #expect(torrent.uploadLimit == 45 && torrent.uploadLimited == true)
        #expect(torrent.honorsSessionLimits == false)
        #expect(torrent.bandwidthPriority == .high)
        #expect(torrent.seedRatioLimit == 1.5 && torrent.seedRatioMode == 1)
        #expect(torrent.seedIdleLimit == 30 && torrent.seedIdleMode == 1)
        #expect(torrent.peerLimit == 77)

        let again = try fixture.run(["set", String(id), "--down-limit", "123", "--peer-limit", "77"])
        #expect(again.status == 0, "\(again.all)")
        #expect(again.out == "\(id) \(fixture.name): unchanged (already so)\n", "\(again.out)")

        let undo = try fixture.run([
            "set", String(id), "--down-limit", "off", "--up-limit", "off", "--honor-session", "on",
            "--bandwidth-priority", "low", "--seed-ratio", "unlimited", "--seed-idle", "global", "--json",
        ])
        #expect(undo.status == 0, "\(undo.all)")
        torrent = try read(id, daemon)
        #expect(torrent.downloadLimited == false && torrent.uploadLimited == false)
        #expect(torrent.honorsSessionLimits == true)
        #expect(torrent.bandwidthPriority == .low)
        #expect(torrent.seedRatioMode == 2 && torrent.seedIdleMode == 0)
        let object = try #require((try Self.json(undo.out)["torrents"] as? [[String: Any]])?.first)
        #expect(object["id"] as? Int == id)
        #expect((object["downloadLimit"] as? [String: Any])?["enabled"] as? Bool == false)
        #expect((object["downloadLimit"] as? [String: Any])?["kBps"] as? Int == 123)
        #expect((object["seedRatio"] as? [String: Any])?["mode"] as? String == "unlimited")
        #expect((object["seedIdle"] as? [String: Any])?["mode"] as? String == "global")
        #expect(object["bandwidthPriority"] as? String == "low")
        #expect(object["peerLimit"] as? Int == 77)
        let changed = Set(object["changed"] as? [String] ?? [])
        #expect(changed.isSuperset(of: ["downloadLimit", "uploadLimit", "seedRatio", "seedIdle"]), "\(changed)")
        #expect((object["group"] != nil) == (daemon == .modern), "\(object)")
    }

    @Test(
        "--label replaces, --add-label/--remove-label edit each torrent's own, --no-labels clears",
        arguments: daemonMatrix)
    func labels(daemon: TestBed.Daemon) throws {
        let first = try CLITorrentFixture(bed: bed, tag: "setlab1", daemon: daemon)
        let second = try CLITorrentFixture(bed: bed, tag: "setlab2", daemon: daemon)
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        let a = try first.add()
        let b = try second.add(extra: ["--label", "keep"])

        let replace = try first.run(["set", String(a), "--label", "x", "--label", "y"])
        #expect(replace.status == 0, "\(replace.all)")
        #expect(try read(a, daemon).labels == ["x", "y"])
        #expect(replace.out.contains("labels x, y (was none)"), "\(replace.out)")

        // A comma list, as transmission-remote's -L and watch's L prompt take it.
        let list = try first.run(["set", String(a), "--label", "p,q, r"])
        #expect(list.status == 0, "\(list.all)")
        #expect(try read(a, daemon).labels == ["p", "q", "r"])
        #expect(list.out.contains("labels p, q, r (was x, y)"), "\(list.out)")
        let both = try first.run(["set", String(a), "--add-label", "x,y", "--remove-label", "p,q,r"])
        #expect(both.status == 0, "\(both.all)")
        #expect(try read(a, daemon).labels == ["x", "y"])

        let edit = try first.run(["set", "\(a),\(b)", "--add-label", "z", "--remove-label", "x"])
        #expect(edit.status == 0, "\(edit.all)")
        #expect(try read(a, daemon).labels == ["y", "z"])
        #expect(try read(b, daemon).labels == ["keep", "z"])

        let clear = try first.run(["set", String(a), "--no-labels"])
        #expect(clear.status == 0, "\(clear.all)")
        #expect(try read(a, daemon).labels == [])
        #expect(try read(b, daemon).labels == ["keep", "z"])
    }

    @Test(
        "--sequential and --group: set and cleared on 4.1.3; on 3.00 exit 6 and nothing changed",
        arguments: daemonMatrix)
    func versionGated(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "setver", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        if daemon == .modern {
            let on = try fixture.run(["set", String(id), "--sequential", "on", "--group", "slow"])
            #expect(on.status == 0, "\(on.all)")
            var torrent = try read(id, daemon)
            #expect(torrent.sequentialDownload == true)
            #expect(torrent.group == "slow")
            let off = try fixture.run(["set", String(id), "--sequential", "off", "--group", "none", "--json"])
            #expect(off.status == 0, "\(off.all)")
            torrent = try read(id, daemon)
            #expect(torrent.sequentialDownload == false)
            #expect(torrent.group == "")
            let object = try #require((try Self.json(off.out)["torrents"] as? [[String: Any]])?.first)
            #expect(object["sequentialDownload"] as? Bool == false && object["group"] as? String == "")
        } else {
            for (option, version) in [("--sequential", "4.1"), ("--group", "4.0")] {
                let value = option == "--group" ? "slow" : "on"
                let refused = try fixture.run(["set", String(id), "--down-limit", "99", option, value])
                #expect(refused.status == 6, "\(refused.all)")
                #expect(refused.err.contains("\(option) needs Transmission \(version) or later"), "\(refused.err)")
                #expect(refused.err.contains("3.00"), "\(refused.err)")
                #expect(try read(id, daemon).downloadLimited == false)
            }
        }
    }

    @Test("an id that does not exist: exit 1, nothing sent; with others: a warning, they are set")
    func missing() throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "setmiss")
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let none = try fixture.run(["set", "987655", "--peer-limit", "9"])
        #expect(none.status == 1, "\(none.all)")
        #expect(none.err.contains("no torrent with id 987655"), "\(none.err)")
        let some = try fixture.run(["set", "\(id),987655", "--peer-limit", "9"])
        #expect(some.status == 0, "\(some.all)")
        #expect(some.err.contains("987655"), "\(some.err)")
        #expect(try read(id, .main).peerLimit == 9)
    }

    @Test("all, on a daemon of its own: one torrent-set for every torrent, one line for more than 10")
    func all() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let fixtures = try (0..<11).map { try CLITorrentFixture(bed: own.bed, tag: "setall\($0)") }
        defer { fixtures.forEach { $0.cleanUp() } }
        let ids = try fixtures.map { try $0.add() }
        let result = try fixtures[0].run(["set", "all", "--peer-limit", "33", "--add-label", "many"])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out == "changed 11 of 11 torrents: labels +many; peer limit 33\n", "\(result.out)")
        for id in ids {
            let torrent = try read(id, .main, on: own.bed)
            #expect(torrent.peerLimit == 33 && torrent.labels == ["many"], "\(id)")
        }
    }

    @Test(
        "bad values are usage errors (exit 2) naming the option, before anything is sent",
        arguments: [
            (["--down-limit", "0"], "--down-limit takes a speed in kB/s"),
            (["--up-limit", "fast"], "--up-limit takes a speed in kB/s"),
            (["--honor-session", "yes"], "--honor-session takes on or off"),
            (["--bandwidth-priority", "urgent"], "low, normal or high"),
            (["--seed-ratio", "1,5"], "--seed-ratio takes a ratio"),
            (["--seed-ratio", "-1"], "--seed-ratio takes a ratio"),
            (["--seed-idle", "0"], "--seed-idle takes minutes"),
            (["--peer-limit", "70000"], "--peer-limit takes a number of peers"),
            (["--sequential", "maybe"], "--sequential takes on or off"),
            (["--group", ""], "--group takes the name"),
            (["--label", ","], "No label in \",\": give labels separated by commas"),
            (["--add-label", ""], "No label in \"\""),
            (["--label", "a", "--add-label", "b"], "--label and --no-labels replace"),
            ([], "Nothing to set"),
        ])
    func badValues(arguments: [String], message: String) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        // A closed port: had anything been sent, the exit code would be 3 (offline).
        let url = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let result = try home.run(["set", "1"] + arguments + ["--server", url], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains(message), "\(result.err)")
    }
}
