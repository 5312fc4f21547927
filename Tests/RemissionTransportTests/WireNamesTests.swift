import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionRPC

/// The daemons the wire-name checks run against: 3.00, and 4.1.3 when it is installed.
let wireMatrix: [TestBed.Daemon] = (try? TestBed.shared.matrix) ?? [.main]

/// Every session and torrent key Remission reads or writes, spelt as the real daemon spells it
/// (issue 13: `cache_size_mb` was accepted by 4.1.3 and silently ignored). A misspelt name fails here.
@Suite("Wire names against the real daemons", .serialized)
struct WireNamesTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// Keys a daemon may lack: added after 3.00 (`rpc-version-semver`), or dropped by 4.1.
    static let newerThan300: Set<SessionField> = [.rpcVersionSemver]

    @Test("session-get returns every SessionField under the dialect's name", arguments: wireMatrix)
    func sessionNames(daemon: TestBed.Daemon) throws {
        let (client, _) = try bed.rpcClient(bed.daemonURL(daemon))
        _ = try client.serverInfo()
        #expect(client.dialect == (daemon == .modern ? .jsonRPC : .classic))
        let reply = try client.call(.sessionGet)
        let keys = Set(reply.object?.keys.map { $0 } ?? [])
        for field in SessionField.allCases where !(daemon == .main && Self.newerThan300.contains(field)) {
            #expect(keys.contains(field.name(in: client.dialect)), "\(field.name(in: client.dialect)) missing")
        }
    }

    @Test("torrent-get returns every TorrentField under the dialect's name", arguments: wireMatrix)
    func torrentNames(daemon: TestBed.Daemon) throws {
        let (client, _) = try bed.rpcClient(bed.daemonURL(daemon))
        _ = try client.serverInfo()
        let directory = NSTemporaryDirectory() + "wire-names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(repeating: 7, count: 40_000).write(to: URL(fileURLWithPath: directory + "/data/x.bin"))
        let torrent = directory + "/x.torrent"
        let created = try bed.run(
            "transmission-create", args: ["-o", torrent, "-t", "http://127.0.0.1:1/a", directory + "/data"])
        #expect(created.status == 0)
        let metainfo = try [UInt8](Data(contentsOf: URL(fileURLWithPath: torrent)))
        let added = try client.torrentAdd(.metainfo(metainfo), downloadDir: directory, paused: true)
        guard case .added(let id, _, _) = added else {
            Issue.record("not added: \(added)")
            return
        }
        defer { _ = try? client.torrentRemove(.torrents([.id(id)]), deleteLocalData: false) }
        let names = TorrentField.allCases.map { $0.name(in: client.dialect) }
        let reply = try client.call(
            .torrentGet, arguments: ["ids": .array([.int(Int64(id))]), "fields": JSONValue(names)])
        let object = try #require(reply["torrents"]?.array?.first?.object)
        for name in names {
            #expect(object[name] != nil, "\(name) missing from \(daemon) torrent-get")
        }
    }

    @Test(
        "the handshake: one 409, then the dialect the daemon speaks, directly and through nginx TLS",
        arguments: wireMatrix)
    func handshake(daemon: TestBed.Daemon) throws {
        for url in [bed.daemonURL(daemon), bed.url(for: daemon == .modern ? .modern : .caSigned)] {
            let (client, recorder) = try bed.rpcClient(url)
            let info = try client.serverInfo()
            #expect(recorder.statuses == [409, 200], "\(url)")
            #expect(info.dialect == (daemon == .modern ? .jsonRPC : .classic))
            #expect(info.rpcVersion == (daemon == .modern ? 19 : 16))
        }
    }

    @Test(
        "a refused call is the daemon's own error text: classic result, JSON-RPC error object",
        arguments: wireMatrix)
    func refusal(daemon: TestBed.Daemon) throws {
        let (client, _) = try bed.rpcClient(bed.daemonURL(daemon))
        let magnet = "magnet:?xt=urn:btih:" + String(repeating: "ab", count: 20)
        let error = rpcFailure { () throws(RPCError) in
            try client.torrentAdd(.filename(magnet), downloadDir: "relative/path")
        }
        guard case .rpcFailure(let message)? = error else {
            Issue.record("expected an RPC failure, got \(String(describing: error))")
            return
        }
        #expect(message.contains("absolute"), "\(message)")
    }
}
