import Foundation
import RemissionModel
import TestSupport
import Testing

/// The daemons every suite here runs against: Transmission 3.00 (classic RPC) and, when it is
/// installed (CI builds it), 4.1.3 (JSON-RPC 2.0).
let daemonMatrix: [TestBed.Daemon] = (try? TestBed.shared.matrix) ?? [.main]

@Suite("Every daemon: check, torrents and settings against 3.00 and 4.1.3 (process)", .serialized)
struct DaemonMatrixTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func dialect(_ daemon: TestBed.Daemon) -> String { daemon == .modern ? "JSON-RPC 2.0" : "classic" }

    @Test("check names the version, the semver on 4.1 and the dialect; --json carries them", arguments: daemonMatrix)
    func check(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let text = try home.run(["check", bed.daemonURL(daemon)], env: ["TR_AUTH": bed.credentials])
        #expect(text.status == 0, "\(text.all)")
        #expect(text.out.contains("compatible, \(dialect(daemon)) dialect"), "\(text.out)")
        let json = try home.run(["check", bed.daemonURL(daemon), "--json"], env: ["TR_AUTH": bed.credentials])
        let transmission = try JSONValue.parse(json.out)["transmission"]
        #expect(transmission?["dialect"]?.string == (daemon == .modern ? "jsonrpc" : "classic"))
        if daemon == .modern {
            #expect(transmission?["semver"]?.string == "6.0.1")
            #expect(transmission?["rpcVersion"]?.int == 19)
            #expect(text.out.contains("rpc-version 19 (6.0.1)"), "\(text.out)")
        } else {
            #expect(transmission?["rpcVersion"]?.int == 16)
        }
    }

    @Test("add, list, info, stop, start, verify, remove: one torrent's life", arguments: daemonMatrix)
    func torrentLifecycle(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "matrix-\(daemon.rawValue)", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let listed = try fixture.run(["list", "--json"])
        #expect(try listedTorrents(listed.out).contains { $0.id == id && $0.name == fixture.name }, "\(listed.all)")
        let info = try fixture.run(["info", String(id), "--files", "--trackers"])
        #expect(info.status == 0, "\(info.all)")
        #expect(info.out.contains("\(fixture.name)/a.bin"), "\(info.out)")
        #expect(info.out.contains(fixture.tracker), "\(info.out)")
        for action in ["stop", "start", "verify", "reannounce"] {
            let result = try fixture.run([action, String(id)])
            #expect(result.status == 0, "\(action): \(result.all)")
            #expect(result.out.contains(fixture.name), "\(action): \(result.out)")
        }
        let removed = try fixture.run(["remove", String(id), "--yes"])
        #expect(removed.status == 0, "\(removed.all)")
        fixture.addedIds.removeAll()
        let after = try fixture.run(["list", "--json"])
        #expect(try !listedTorrents(after.out).contains { $0.id == id })
    }

    @Test("session settings are changed and read back; stats answer", arguments: daemonMatrix)
    func sessionAndStats(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = bed.daemonURL(daemon)
        let env = ["TR_AUTH": bed.credentials]
        let before = try JSONValue.parse(try home.run(["session", url, "--json"], env: env).out)
        let set = try home.run(["session", url, "--down-limit", "321"], env: env)
        #expect(set.status == 0, "\(set.all)")
        let after = try JSONValue.parse(try home.run(["session", url, "--json"], env: env).out)
        #expect(after["speedLimitDown"]?["kBps"]?.int == 321, "\(after)")
        let previous = before["speedLimitDown"]?["kBps"]?.int ?? 100
        _ = try home.run(["session", url, "--down-limit", String(previous)], env: env)
        let stats = try home.run(["stats", url], env: env)
        #expect(stats.status == 0, "\(stats.all)")
        #expect(stats.out.contains("Ratio"), "\(stats.out)")
    }
}

@Suite("A fresh process sends no request body twice (4.1.3 behind nginx TLS)", .serialized)
struct FirstRequestBytesTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test("add FILE uploads the metainfo once: one request carries it, the handshake is small")
    func metainfoOnce() throws {
        guard bed.hasModern else { return }  // 4.1.3 is not installed here: nothing to compare
        let fixture = try CLITorrentFixture(bed: bed, tag: "bytes", daemon: .modern)
        defer { fixture.cleanUp() }
        // 4 MB in 16 KiB pieces: a .torrent of ~5 kB, whose upload stands out from the handshake.
        try Data(count: 4_000_000).write(to: URL(fileURLWithPath: "\(fixture.dataPath)/big.bin"))
        let made = try bed.run(
            "transmission-create",
            args: ["-o", fixture.torrentFile, "-s", "16", "-t", fixture.tracker, fixture.dataPath])
        #expect(made.status == 0)
        let size = try FileManager.default.attributesOfItem(atPath: fixture.torrentFile)[.size] as? Int ?? 0
        #expect(size > 4_000)
        let before = bed.accessLog(.modern).count
        let url = bed.url(for: .modern)
        let result = try fixture.home.run(
            [
                "add", fixture.torrentFile, "--download-dir", fixture.root, "--paused", "--server", url,
                "--ca-file", bed.caFile,
            ],
            env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 0, "\(result.all)")
        if let id = CLITorrentFixture.addedId(result.out) { fixture.addedIds.append(id) }
        let entries = Array(bed.accessLog(.modern) { $0.count >= before + 3 }.dropFirst(before))
        let carrying = entries.filter { ($0.bytesIn ?? 0) > size }
        #expect(carrying.count == 1, "requests: \(entries.map { $0.bytesIn ?? -1 }), torrent file \(size) bytes")
        #expect(entries.count == 3, "a session-get, its answer to the 409, then the upload: \(entries.count)")
    }
}

@Suite("connect against 3.00 and 4.1.3 behind nginx TLS (process, real keyring)", .serialized)
struct ConnectMatrixTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "connect with the CA file and a piped password: ONLINE in the daemon's dialect, saved", arguments: daemonMatrix)
    func connect(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = bed.url(for: daemon == .modern ? .modern : .caSigned)
        let result = try home.run(
            ["connect", url, "--name", "box", "--user", bed.user, "--password-stdin", "--ca-file", bed.caFile],
            stdin: bed.password)
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("ONLINE"), "\(result.out)")
        #expect(result.out.contains("\(daemon == .modern ? "JSON-RPC 2.0" : "classic") dialect"), "\(result.out)")
        let check = try home.run(["check", "box"])
        #expect(check.status == 0, "\(check.all)")
        _ = try home.run(["servers", "remove", "box", "--yes"])
    }
}
