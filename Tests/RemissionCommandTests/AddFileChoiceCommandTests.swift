import Foundation
import RemissionModel
import RemissionRPC
import TestSupport
import Testing

/// `add --skip/--only` (transmission-remote's `-a x -G 0`) against 3.00 and 4.1.3: the files the
/// daemon will not download, read back over RPC by name, for a .torrent file (chosen before sending),
/// an http(s) URL (added paused, chosen, started as it would have been) and a magnet link.
@Suite("add --skip/--only: files chosen before the torrent starts (3.00 and 4.1.3)")
struct AddFileChoiceCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// A multi-file .torrent whose files are listed out of alphabetical order (as Transmission numbers
    /// them: in the metainfo's order), named uniquely; the data is never written, so nothing is verified.
    static func metainfo(name: String) -> [UInt8] {
        let files = [("z-first.bin", 3), ("a-second.bin", 4), ("Sample/clip.mkv", 5), ("info.nfo", 6)]
        var text = "d8:announce27:http://127.0.0.1:1/announce4:infod5:filesl"
        for (path, length) in files {
            let parts = path.split(separator: "/").map { "\($0.utf8.count):\($0)" }.joined()
            text += "d6:lengthi\(length)e4:pathl\(parts)ee"
        }
        text += "e4:name\(name.utf8.count):\(name)12:piece lengthi16384e6:pieces20:"
        return Array(text.utf8) + (0..<20).map { UInt8($0) } + Array("ee".utf8)
    }

    struct Setup {
        let home: CLIHome
        let directory: String
        let reader: RPCClient
        let daemon: TestBed.Daemon
        let bed: TestBed

        func add(_ arguments: [String], env: [String: String] = [:]) throws -> CLIHome.Result {
            try home.run(
                ["add"] + arguments + ["--download-dir", directory, "--server", bed.daemonURL(daemon)],
                env: ["TR_AUTH": bed.credentials].merging(env) { _, new in new })
        }

        /// The torrent named `name`, with its files and whether each is wanted, read from the daemon.
        func torrent(named name: String) throws -> Torrent? {
            try reader.torrentGet(fields: [.id, .name, .hashString, .files, .fileStats, .status], format: .objects)
                .first { $0.name == name }
        }

        /// The wanted flag of each file, by the file's path.
        func wanted(_ name: String) throws -> [String: Bool] {
            guard let torrent = try torrent(named: name), let files = torrent.files, let stats = torrent.fileStats
            else { return [:] }
            return Dictionary(uniqueKeysWithValues: zip(files.map(\.name), stats.map(\.wanted)))
        }

        func remove(_ name: String) throws {
            if let id = try torrent(named: name)?.id { try reader.torrentRemove(.id(id), deleteLocalData: false) }
        }
    }

    func setup(_ daemon: TestBed.Daemon) throws -> Setup {
        let home = CLIHome(bed: bed)
        let directory = "\(bed.downloadDirectory)/choice-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return Setup(home: home, directory: directory, reader: try bed.daemonReader(daemon), daemon: daemon, bed: bed)
    }

    @Test(
        "a .torrent file: indexes and names chosen in the daemon's numbering; a bad one adds nothing",
        arguments: daemonMatrix)
    func torrentFile(daemon: TestBed.Daemon) throws {
        let setup = try setup(daemon)
        let name = "choice-file-\(UUID().uuidString.prefix(8))"
        let file = setup.home.directory + "/\(name).torrent"
        try Data(Self.metainfo(name: name)).write(to: URL(fileURLWithPath: file))
        defer { try? setup.remove(name) }

        // Nothing sent for an index past the end or a name that matches nothing: exit 2, not added.
        var result = try setup.add([file, "--skip", "4"])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains("No file with index 4: the torrent has 4 files (0-3); nothing was added."))
        result = try setup.add([file, "--only", "*.srt"])
        #expect(result.status == 2, "\(result.all)")
        #expect(try setup.torrent(named: name) == nil)

        // Index 0 is the metainfo's first file (z-first.bin), not the first by name.
        result = try setup.add([file, "--skip", "0", "--skip", "*.nfo", "--paused"])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.hasSuffix(" \(name); skipping 2 of its 4 files: 0, 3\n"), "\(result.out)")
        #expect(
            try setup.wanted(name) == [
                "\(name)/z-first.bin": false, "\(name)/a-second.bin": true, "\(name)/Sample/clip.mkv": true,
                "\(name)/info.nfo": false,
            ])

        // Already present: its files stay as they are.
        result = try setup.add([file, "--only", "0", "--json"])
        #expect(result.status == 0, "\(result.all)")
        #expect(try JSONValue.parse(result.out)["results"]?[0]?["result"]?.string == "duplicate", "\(result.out)")
        #expect(try setup.wanted(name)["\(name)/z-first.bin"] == false)
        #expect(try setup.wanted(name)["\(name)/a-second.bin"] == true)
    }

    @Test(
        "an http(s) URL: added paused, its files read and chosen, started as the daemon would; a bad index removes it",
        arguments: daemonMatrix)
    func url(daemon: TestBed.Daemon) throws {
        let setup = try setup(daemon)
        let name = "choice-url-\(UUID().uuidString.prefix(8))"
        let served = setup.home.directory + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        try Data(Self.metainfo(name: name)).write(to: URL(fileURLWithPath: served + "/t.torrent"))
        let web = try LoopbackFileServer(serving: served)
        defer {
            web.stop()
            try? setup.remove(name)
        }

        var result = try setup.add([web.url("t.torrent"), "--only", "9"])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains("No file with index 9: the torrent has 4 files (0-3); nothing was added."))
        #expect(try setup.torrent(named: name) == nil, "the paused torrent is removed again")

        result = try setup.add([web.url("t.torrent"), "--only", "Sample/*", "--json"])
        #expect(result.status == 0, "\(result.all)")
        let added = try JSONValue.parse(result.out)["results"]?[0]
        #expect(added?["skipped"] == JSONValue([0, 1, 3]) && added?["fileCount"]?.int == 4, "\(result.out)")
        #expect(
            try setup.wanted(name) == [
                "\(name)/z-first.bin": false, "\(name)/a-second.bin": false, "\(name)/Sample/clip.mkv": true,
                "\(name)/info.nfo": false,
            ])
        // Started when the daemon starts added torrents (3.00 here), stopped when it does not.
        let startsAdded = try setup.reader.sessionGet(fields: [.startAddedTorrents]).startAddedTorrents ?? true
        // (3.00 checks a torrent it adds, paused or not, before it settles.)
        #expect(try eventuallyTrue { try setup.torrent(named: name)?.status.isChecking == false })
        let status = try #require(try setup.torrent(named: name)).status
        #expect((status != .stopped) == startsAdded, "\(daemon): \(status), start-added \(startsAdded), \(result.all)")
    }

    @Test(
        "a magnet: refused with --paused before anything is sent; without a file list in time, added and said so",
        arguments: daemonMatrix)
    func magnet(daemon: TestBed.Daemon) throws {
        let setup = try setup(daemon)
        let hash = (0..<40).map { _ in String("0123456789abcdef".randomElement()!) }.joined()
        let name = "choice-magnet-\(hash.prefix(8))"
        let magnet = "magnet:?xt=urn:btih:\(hash)&dn=\(name)"
        defer { try? setup.remove(name) }

        var result = try setup.add([magnet, "--skip", "0", "--paused"])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains("A paused magnet link gets no file list"), "\(result.err)")
        #expect(try setup.torrent(named: name) == nil)

        // No peer on loopback sends the metadata: after --timeout the torrent stays, running, and the
        // command says which command chooses the files later (exit 1).
        let started = Date()
        result = try setup.add([magnet, "--skip", "0", "--timeout", "2"])
        #expect(result.status == 1, "\(result.all)")
        #expect(Date().timeIntervalSince(started) < 10)
        let torrent = try #require(try setup.torrent(named: name))
        #expect(torrent.status != .stopped)
        #expect(
            result.err.contains(
                "added \(torrent.id) \(name), but its file list did not come within 2 s, so no file was skipped"),
            "\(result.err)")
        #expect(
            result.err.contains("remission files \(torrent.id) --server \(setup.bed.daemonURL(daemon)) --skip FILES"))
    }
}
