import Foundation
import TestSupport
import Testing

/// A real file tree under the daemon's download directory and the .torrent transmission-create made of
/// it, plus a private remission home that talks to the bed's main daemon (`--server URL`, TR_AUTH).
/// Added with `--download-dir root`, the torrent's data is complete. `cleanUp()` removes the torrents
/// the test added (without their data) and the files.
final class CLITorrentFixture {
    let bed: TestBed
    let home: CLIHome
    let root: String
    let name: String
    let dataPath: String
    let torrentFile: String
    let tracker = "http://127.0.0.1:1/announce"
    /// The daemon the fixture's commands talk to (3.00's main, or 4.1.3's modern).
    let daemon: TestBed.Daemon
    var addedIds: [Int] = []

    init(bed: TestBed, tag: String, daemon: TestBed.Daemon = .main) throws {
        self.bed = bed
        self.daemon = daemon
        home = CLIHome(bed: bed)
        let unique = UUID().uuidString.lowercased().prefix(13)
        root = "\(bed.downloadDirectory)/cli-\(tag)-\(unique)"
        name = "payload-\(tag)-\(unique)"
        dataPath = "\(root)/\(name)"
        torrentFile = "\(home.directory)/\(name).torrent"
        try FileManager.default.createDirectory(atPath: dataPath, withIntermediateDirectories: true)
        for (file, size) in [("a.bin", 100_000), ("b.txt", 5_000)] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255) }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(dataPath)/\(file)"))
        }
        let result = try bed.run(
            "transmission-create", args: ["-o", torrentFile, "-t", tracker, dataPath], timeout: .seconds(30))
        guard result.status == 0 else { throw TestBedError.scriptFailed("transmission-create", result) }
    }

    /// Runs remission against the fixture's daemon.
    func run(_ arguments: [String], stdin: String? = nil) throws -> CLIHome.Result {
        try home.run(
            arguments + ["--server", bed.daemonURL(daemon)], stdin: stdin, env: ["TR_AUTH": bed.credentials])
    }

    /// Adds the fixture's torrent paused with its data in place; returns its id.
    func add(extra: [String] = []) throws -> Int {
        let result = try run(["add", torrentFile, "--download-dir", root, "--paused"] + extra)
        guard result.status == 0, let id = Self.addedId(result.out) else {
            throw TestBedError.scriptFailed(
                "remission add",
                .init(status: result.status, stdout: Data(result.out.utf8), stderr: Data(result.err.utf8)))
        }
        addedIds.append(id)
        return id
    }

    /// The id in `added ID NAME` or `already present ID NAME`.
    static func addedId(_ output: String) -> Int? {
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "added", words.count >= 2 { return Int(words[1]) }
            if line.hasPrefix("already present "), words.count >= 3 { return Int(words[2]) }
        }
        return nil
    }

    /// `remission info ID --json` as a dictionary; nil when the torrent is gone.
    func info(_ id: Int) throws -> [String: Any]? {
        let result = try run(["info", String(id), "--json"])
        guard result.status == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    }

    func cleanUp() {
        if !addedIds.isEmpty {
            _ = try? run(["remove", addedIds.map(String.init).joined(separator: ","), "--yes"])
        }
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: home.directory)
    }
}

/// Polls `condition` every 200 ms for up to `seconds`; true once it holds.
func eventuallyTrue(seconds: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.2)
    }
    return try condition()
}

@Suite("remission add (process, real daemon)")
struct AddCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "a .torrent file is added with id and name; again is 'already present', exit 0; a magnet is added",
        arguments: daemonMatrix)
    func addFileDuplicateMagnet(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "add", daemon: daemon)
        defer { fixture.cleanUp() }
        let first = try fixture.run([
            "add", fixture.torrentFile, "--download-dir", fixture.root, "--paused", "--label", "cli-add",
        ])
        #expect(first.status == 0, "\(first.all)")
        let id = try #require(CLITorrentFixture.addedId(first.out), "\(first.all)")
        fixture.addedIds.append(id)
        #expect(first.out == "added \(id) \(fixture.name)\n")

        let again = try fixture.run(["add", fixture.torrentFile])
        #expect(again.status == 0, "\(again.all)")
        #expect(again.out == "already present \(id) \(fixture.name)\n")

        let info = try #require(try fixture.info(id))
        #expect(info["labels"] as? [String] == ["cli-add"])
        #expect(info["downloadDir"] as? String == fixture.root)

        // --label on a duplicate: the labels it lacks are added (its own kept), and the line says so;
        // a value is a comma list.
        let labelled = try fixture.run(["add", fixture.torrentFile, "--label", "cli-add, cli-more"])
        #expect(labelled.status == 0, "\(labelled.all)")
        #expect(labelled.out == "already present \(id) \(fixture.name); label added to it: cli-more\n")
        #expect(try fixture.info(id)?["labels"] as? [String] == ["cli-add", "cli-more"])
        let unchanged = try fixture.run(["add", fixture.torrentFile, "--label", "cli-more"])
        #expect(unchanged.out == "already present \(id) \(fixture.name); it already has the label cli-more\n")

        let hash = (0..<40).map { _ in String("0123456789abcdef".randomElement()!) }.joined()
        let magnetName = "cli-magnet-\(UUID().uuidString.lowercased().prefix(8))"
        let magnet = try fixture.run(["add", "magnet:?xt=urn:btih:\(hash)&dn=\(magnetName)", "--paused"])
        #expect(magnet.status == 0, "\(magnet.all)")
        let magnetId = try #require(CLITorrentFixture.addedId(magnet.out), "\(magnet.all)")
        fixture.addedIds.append(magnetId)
        #expect(magnet.out == "added \(magnetId) \(magnetName)\n")
        #expect(try fixture.info(magnetId)?["hash"] as? String == hash)
    }

    @Test(
        "bad local files are refused before any request (the server given is closed: no exit 3)",
        arguments: ["missing", "directory", "not-torrent", "unreadable"])
    func badFile(kind: String) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let path = "\(home.directory)/\(kind).torrent"
        let expected: String
        switch kind {
        case "missing":
            expected = "no such file"
        case "directory":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            expected = "is a directory"
        case "not-torrent":
            try Data("<html>not a torrent</html>".utf8).write(to: URL(fileURLWithPath: path))
            expected = "not a .torrent file"
        default:
            // Tests usually run as root, which reads a mode-000 file anyway: nothing to test then.
            guard getuid() != 0 else { return }
            try Data("d4:infod4:name1:xee".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0)
            expected = "Permission denied"
        }
        let closed = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let result = try home.run(["add", path, "--server", closed], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == (kind == "unreadable" ? 1 : 2), "\(result.all)")
        #expect(result.err.contains(path), "\(result.all)")
        #expect(result.err.contains(expected), "\(result.all)")
        #expect(result.out.isEmpty)
    }

    @Test(
        "a device, a FIFO with no writer, or a file over 64 MiB is refused without being read",
        arguments: ["device", "fifo", "large"])
    func specialFile(kind: String) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        var path = "\(home.directory)/\(kind).torrent"
        let expected: String
        switch kind {
        case "device":
            path = "/dev/zero"
            expected = "/dev/zero: is a device, not a .torrent file"
        case "fifo":
            #expect(mkfifo(path, 0o600) == 0)
            expected = "is a FIFO (named pipe), not a .torrent file"
        default:
            // Sparse: 100 MB by stat, nothing on disk.
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 100_000_000) == 0)
            expected = "100 MB or more is too large for a .torrent file (at most 67.1 MB)"
        }
        let closed = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let started = Date()
        let result = try home.run(["add", path, "--server", closed], env: ["TR_AUTH": bed.credentials])
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains(expected), "\(result.all)")
        // Opening a FIFO without a writer blocks; reading /dev/zero to the limit takes a while.
        #expect(seconds < 3, "took \(seconds) s")
    }

    @Test(
        "add --json: one line with id, hash and name of each argument, duplicates and failures, in order",
        arguments: daemonMatrix)
    func json(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "addjson", daemon: daemon)
        defer { fixture.cleanUp() }
        let missing = "\(fixture.home.directory)/missing.torrent"
        let result = try fixture.run([
            "add", "--json", fixture.torrentFile, missing, fixture.torrentFile, "--download-dir", fixture.root,
            "--paused",
        ])
        #expect(result.status == 2, "\(result.all)")  // the unreadable file, as without --json
        #expect(result.out.hasSuffix("}\n") && result.out.split(separator: "\n").count == 1, "\(result.out)")
        #expect(result.err.contains("missing.torrent"))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.out)")
        #expect(document["server"] as? String == bed.daemonURL(daemon))
        #expect(document["added"] as? Int == 1)
        #expect(document["duplicates"] as? Int == 1)
        #expect(document["failed"] as? Int == 1)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.map { $0["source"] as? String } == [fixture.torrentFile, missing, fixture.torrentFile])
        #expect(results.map { $0["result"] as? String } == ["added", "failed", "duplicate"])
        let id = try #require(results[0]["id"] as? Int)
        fixture.addedIds.append(id)
        #expect(results[2]["id"] as? Int == id)
        #expect(results[0]["name"] as? String == fixture.name)
        let hash = try #require(results[0]["hash"] as? String)
        #expect(hash.count == 40 && results[2]["hash"] as? String == hash)
        #expect(try fixture.info(id)?["hash"] as? String == hash)
        #expect(results[1]["exitStatus"] as? Int == 2)
        #expect((results[1]["error"] as? String)?.contains("missing.torrent") == true)
    }

    @Test("several arguments: a failed one does not stop the others; exit 2 with a summary", arguments: daemonMatrix)
    func severalArguments(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "addmany", daemon: daemon)
        defer { fixture.cleanUp() }
        let missing = "\(fixture.home.directory)/nothing-here.torrent"
        let result = try fixture.run(["add", missing, fixture.torrentFile, "--download-dir", fixture.root, "--paused"])
        if let id = CLITorrentFixture.addedId(result.out) { fixture.addedIds.append(id) }
        #expect(result.status == 2, "\(result.all)")
        #expect(result.out.hasPrefix("added "), "\(result.all)")
        #expect(result.out.contains(fixture.name))
        #expect(result.err.contains("\(missing): no such file"))
        #expect(result.err.contains("1 of 2 added or already present; failed: \(missing)"))
    }

    @Test(
        "a daemon error string: a relative --download-dir is refused by Transmission, exit 6", arguments: daemonMatrix)
    func daemonError(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "adderr", daemon: daemon)
        defer { fixture.cleanUp() }
        let result = try fixture.run(["add", fixture.torrentFile, "--download-dir", "relative/path", "--paused"])
        if let id = CLITorrentFixture.addedId(result.out) { fixture.addedIds.append(id) }
        #expect(result.status == 6, "\(result.all)")
        #expect(result.err.contains("Transmission refused the request: download directory path is not absolute"))
        #expect(result.out.isEmpty)
    }
}

@Suite("torrent commands through the nginx TLS proxy (process, real daemon)")
struct TorrentCommandsOverTLSTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test("add, info, stop and remove through https with --ca-file; an untrusted proxy is exit 5, nothing added")
    func overTLS() throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "tls")
        defer { fixture.cleanUp() }
        let server = ["--server", bed.url(for: .caSigned), "--ca-file", bed.caFile]
        let env = ["TR_AUTH": bed.credentials]
        let added = try fixture.home.run(
            ["add", fixture.torrentFile, "--download-dir", fixture.root, "--paused"] + server, env: env)
        let id = try #require(CLITorrentFixture.addedId(added.out), "\(added.all)")
        fixture.addedIds.append(id)
        #expect(added.status == 0)
        let info = try fixture.home.run(["info", String(id), "--trackers"] + server, env: env)
        #expect(info.status == 0, "\(info.all)")
        #expect(info.out.contains("Name:          \(fixture.name)"))
        #expect(info.out.contains(fixture.tracker))
        let stopped = try fixture.home.run(["stop", String(id)] + server, env: env)
        #expect(stopped.status == 0, "\(stopped.all)")

        let untrusted = try fixture.home.run(
            ["remove", String(id), "--yes", "--server", bed.url(for: .selfSigned)], env: env)
        #expect(untrusted.status == 5, "\(untrusted.all)")
        #expect(untrusted.err.contains("nothing was sent"), "\(untrusted.all)")
        #expect(try fixture.info(id) != nil)

        let removed = try fixture.home.run(["remove", String(id), "--yes"] + server, env: env)
        #expect(removed.status == 0, "\(removed.all)")
        fixture.addedIds = []
        #expect(try fixture.info(id) == nil)
    }
}
