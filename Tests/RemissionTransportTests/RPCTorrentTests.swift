import Foundation
import RemissionModel
import RemissionRPC
import RemissionTransport
import TestSupport
import Testing

/// A real file tree in its own directory under the main daemon's download directory, and the
/// .torrent that transmission-create made of it: added with `downloadDir: root`, the torrent's
/// data is already complete.
struct TorrentFixture {
    /// The download directory to give torrent-add; removed by `cleanUp()`.
    let root: String
    let name: String
    /// `root/name`: the torrent's top folder.
    let dataPath: String
    let metainfo: [UInt8]

    init(bed: TestBed) throws {
        let unique = UUID().uuidString.lowercased()
        root = "\(bed.downloadDirectory)/rpcit-\(unique)"
        name = "payload-\(unique)"
        dataPath = "\(root)/\(name)"
        let files = FileManager.default
        try files.createDirectory(atPath: dataPath, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        for (file, size) in [("a.bin", 100_000), ("b.txt", 5_000)] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(dataPath)/\(file)"))
        }
        let output = "\(NSTemporaryDirectory())/rpcit-\(unique).torrent"
        defer { try? files.removeItem(atPath: output) }
        let result = try bed.run(
            "transmission-create", args: ["-o", output, "-t", "http://127.0.0.1:1/announce", dataPath],
            timeout: .seconds(30))
        guard result.status == 0 else {
            throw TestBedError.scriptFailed("transmission-create", result)
        }
        metainfo = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }
}

/// Torrent calls against the main daemon, with real files on disk.
@Suite("RPC torrents against the real daemon")
struct RPCTorrentTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    static let label = "remission-test"

    func torrent(_ client: RPCClient, _ id: Int, _ fields: [TorrentField]) throws -> Torrent? {
        try client.torrentGet(ids: .id(id), fields: [.id] + fields, format: .objects).first
    }

    @Test(
        "add, duplicate, magnet, get, verify, start, reannounce, stop, set, remove with data",
        arguments: DaemonRoute.allCases)
    func lifecycle(route: DaemonRoute) throws {
        let (client, _) = try bed.rpcClient(route.url(bed))
        let fixture = try TorrentFixture(bed: bed)
        var added: [Int] = []
        defer {
            if !added.isEmpty {
                try? client.torrentRemove(.torrents(added.map(TorrentReference.id)), deleteLocalData: false)
            }
            fixture.cleanUp()
        }

        let result = try client.torrentAdd(
            .metainfo(fixture.metainfo), downloadDir: fixture.root, paused: true, labels: [Self.label])
        guard case .added(let id, let name, let hash) = result else {
            Issue.record("expected .added, got \(result)")
            return
        }
        added.append(id)
        #expect(id > 0)
        #expect(name == fixture.name)
        #expect(hash.count == 40 && hash.allSatisfy(\.isHexDigit))

        let again = try client.torrentAdd(.metainfo(fixture.metainfo), downloadDir: fixture.root, paused: true)
        #expect(again == .duplicate(id: id, name: name, hash: hash))

        let magnetHash = (0..<40).map { _ in String("0123456789abcdef".randomElement()!) }.joined()
        let magnetName = "rpcit-magnet-\(UUID().uuidString.lowercased())"
        let magnet = try client.torrentAdd(
            .filename("magnet:?xt=urn:btih:\(magnetHash)&dn=\(magnetName)"), downloadDir: fixture.root, paused: true,
            labels: [Self.label])
        guard case .added(let magnetId, let addedMagnetName, let addedMagnetHash) = magnet else {
            Issue.record("expected .added for the magnet, got \(magnet)")
            return
        }
        added.append(magnetId)
        #expect(addedMagnetHash == magnetHash)
        #expect(addedMagnetName == magnetName)

        // Transmission 3.00 checks the data it finds at once; wait for that, then the data is complete.
        #expect(
            try eventually {
                let torrent = try self.torrent(client, id, [.status, .percentDone])
                return torrent?.status == .stopped && torrent?.percentDone == 1
            })

        // torrent-get as a table, for both.
        let listed = try client.torrentGet(
            ids: .torrents([.id(id), .id(magnetId)]), fields: TorrentField.list, format: .table)
        #expect(Set(listed.map(\.id)) == [id, magnetId])
        for torrent in listed {
            #expect(torrent.name == (torrent.id == id ? fixture.name : magnetName))
            #expect(torrent.hashString == (torrent.id == id ? hash : magnetHash))
            #expect(torrent.status == .stopped)
            #expect(torrent.labels == [Self.label])
            #expect(torrent.downloadDir == fixture.root)
        }
        let byHash = try client.torrentGet(ids: .torrents([.hash(hash)]), fields: [.id, .name])
        #expect(byHash.map(\.id) == [id])

        // Spoil the first file (same size, other bytes): verify finds it no longer complete.
        try Data(count: 100_000).write(to: URL(fileURLWithPath: "\(fixture.dataPath)/a.bin"))
        try client.torrentVerify(.id(id))
        #expect(
            try eventually {
                let torrent = try self.torrent(client, id, [.status, .percentDone, .haveValid])
                return torrent?.status == .stopped && (torrent?.percentDone ?? 1) < 1
            })

        // Start, reannounce, stop.
        try client.torrentStart(.id(id))
        #expect(try eventually { try self.torrent(client, id, [.status])?.status != .stopped })
        try client.torrentReannounce(.id(id))
        try client.torrentStop(.id(id))
        #expect(try eventually { try self.torrent(client, id, [.status])?.status == .stopped })

        // torrent-set on files, seen in the details.
        var changes = TorrentChanges()
        changes.filesUnwanted = [0]
        changes.priorityHigh = [1]
        try client.torrentSet(.id(id), changes)
        let details = try #require(
            try client.torrentGet(
                ids: .id(id), fields: TorrentField.details + [.files, .fileStats, .wanted, .priorities]
            ).first)
        #expect(details.wanted == [false, true])
        #expect(details.priorities == [.normal, .high])
        #expect(details.fileStats?.map(\.wanted) == [false, true])
        #expect(details.fileStats?.map(\.priority) == [.normal, .high])
        #expect(details.files?.count == 2)
        #expect(details.files?.allSatisfy { $0.name.hasPrefix(fixture.name + "/") } == true)
        #expect(details.totalSize == 105_000)
        #expect(details.magnetLink?.contains(hash) == true)

        // Remove both with their data: the files go.
        try client.torrentRemove(.torrents([.id(id), .id(magnetId)]), deleteLocalData: true)
        added = []
        #expect(try client.torrentGet(ids: .torrents([.id(id), .id(magnetId)]), fields: [.id]).isEmpty)
        #expect(eventually(seconds: 10) { !FileManager.default.fileExists(atPath: "\(fixture.dataPath)/a.bin") })
        #expect(!FileManager.default.fileExists(atPath: "\(fixture.dataPath)/b.txt"))
    }

    @Test("remove without delete-local-data keeps the files; recently-active reports the removal")
    func removeKeepsData() throws {
        let (client, _) = try bed.rpcClient(bed.daemonURL())
        let fixture = try TorrentFixture(bed: bed)
        defer { fixture.cleanUp() }
        let result = try client.torrentAdd(
            .metainfo(fixture.metainfo), downloadDir: fixture.root, paused: true, labels: [Self.label])
        guard case .added(let id, _, _) = result else {
            Issue.record("expected .added, got \(result)")
            return
        }
        var removed = false
        defer { if !removed { try? client.torrentRemove(.id(id), deleteLocalData: false) } }

        #expect(try client.torrentGetRecentlyActive(fields: [.id, .name]).torrents.contains { $0.id == id })
        try client.torrentRemove(.id(id), deleteLocalData: false)
        removed = true
        #expect(try client.torrentGet(ids: .id(id), fields: [.id]).isEmpty)
        #expect(try client.torrentGetRecentlyActive(fields: [.id]).removedIds?.contains(id) == true)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(FileManager.default.fileExists(atPath: "\(fixture.dataPath)/a.bin"))
        #expect(FileManager.default.fileExists(atPath: "\(fixture.dataPath)/b.txt"))
    }

    @Test("corrupt metainfo: .rpcFailure(\"invalid or corrupt torrent file\"), exit 6", arguments: DaemonRoute.allCases)
    func corruptMetainfo(route: DaemonRoute) throws {
        let (client, _) = try bed.rpcClient(route.url(bed))
        let garbage = (0..<512).map { _ in UInt8.random(in: 0...255) }
        let error = try #require(
            rpcFailure { () throws(RPCError) in try client.torrentAdd(.metainfo(garbage), paused: true) })
        #expect(error == .rpcFailure("invalid or corrupt torrent file"))
    }
}
