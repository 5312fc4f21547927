import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("Snapshot store")
struct SnapshotStoreTests {
    static let key = SnapshotKey(
        label: "nas", scheme: "https", host: "NAS.local", port: 443, path: "/transmission/rpc", user: "admin")
    static let fields: [TorrentField] = [
        .id, .name, .hashString, .status, .percentDone, .sizeWhenDone, .leftUntilDone, .eta, .rateDownload,
        .rateUpload, .uploadRatio, .error, .errorString, .addedDate, .labels, .isFinished, .peersGettingFromUs,
        .peersSendingToUs, .recheckProgress,
    ]

    static func torrents() -> [Torrent] {
        var a = Torrent(
            id: 7, name: "été \"quoted\"\n", hashString: String(repeating: "ab", count: 20), status: .seeding)
        a.percentDone = 0.25
        a.sizeWhenDone = 123_456_789_012
        a.leftUntilDone = 5
        a.eta = -2
        a.uploadRatio = 1.5
        a.error = 2
        a.errorString = "gone"
        a.addedDate = 1_700_000_000
        a.labels = ["x", "y"]
        a.isFinished = false
        a.peersGettingFromUs = 1
        a.peersSendingToUs = 0
        var b = Torrent(id: 8, name: "b")
        b.recheckProgress = 0.5
        return [a, b]
    }

    @Test("saves and loads the torrents and the time, atomically with mode 0600")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path + "/snapshots")
        try store.save(Self.torrents(), fields: Self.fields, for: Self.key, at: 1234)
        let snapshot = try #require(try store.load(for: Self.key))
        #expect(snapshot.torrents == Self.torrents())
        #expect(snapshot.savedAt == 1234)
        #expect(snapshot.server == "nas")
        let path = store.path(for: Self.key)
        #expect(permissions(of: path) == 0o600)
        #expect(directoryEntries(directory.path + "/snapshots") == [Self.key.fileName])
        #expect(Self.key.fileName.hasPrefix("nas-") && Self.key.fileName.hasSuffix(".json"))
    }

    @Test("keyed by connection parameters: another host, port, path, scheme or user sees no snapshot")
    func keyedByParameters() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path)
        try store.save(Self.torrents(), fields: Self.fields, for: Self.key, at: 1)
        var variants: [SnapshotKey] = []
        for change in 0..<5 {
            var other = Self.key
            switch change {
            case 0: other.host = "other.local"
            case 1: other.port = 8443
            case 2: other.path = "/rpc"
            case 3: other.scheme = "http"
            default: other.user = "guest"
            }
            variants.append(other)
        }
        for other in variants {
            #expect(other.fingerprint != Self.key.fingerprint)
            #expect(try store.load(for: other) == nil)
        }
        var noUser = Self.key
        noUser.user = nil
        #expect(try store.load(for: noUser) == nil)
        // The host is compared case-insensitively.
        var lower = Self.key
        lower.host = "nas.local"
        #expect(try store.load(for: lower) != nil)
    }

    @Test("a file for another fingerprint under this name is not shown")
    func fingerprintInsideFileIsChecked() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path)
        var other = Self.key
        other.port = 9091
        try store.save(Self.torrents(), fields: Self.fields, for: other, at: 1)
        try FileManager.default.moveItem(atPath: store.path(for: other), toPath: store.path(for: Self.key))
        #expect(try store.load(for: Self.key) == nil)
    }

    @Test("the fingerprint does not depend on the password: there is none in the key or the file")
    func noPassword() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path)
        try store.save(Self.torrents(), fields: Self.fields, for: Self.key, at: 1)
        let text = try String(contentsOfFile: store.path(for: Self.key), encoding: .utf8)
        #expect(!text.contains("admin"))
        #expect(text.contains(Self.key.fingerprint))
        #expect(Self.key.fingerprint.count == 16)
    }

    @Test("over the size limit: refused and the previous snapshot kept")
    func bounded() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path, limit: 2000)
        try store.save(Self.torrents(), fields: Self.fields, for: Self.key, at: 1)
        let many = (0..<100).map { Torrent(id: $0, name: "torrent number \($0)") }
        #expect(throws: SnapshotError.self) {
            try store.save(many, fields: Self.fields, for: Self.key, at: 2)
        }
        #expect(try store.load(for: Self.key)?.savedAt == 1)
        #expect(directoryEntries(directory.path) == [Self.key.fileName])
    }

    @Test("a corrupt snapshot is reported with its path and left as it is")
    func corrupt() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path)
        try Data("{nope".utf8).write(to: URL(fileURLWithPath: store.path(for: Self.key)))
        #expect(throws: SnapshotError.self) { try store.load(for: Self.key) }
        #expect(try String(contentsOfFile: store.path(for: Self.key), encoding: .utf8) == "{nope")
    }

    @Test("file names keep only safe characters of the label")
    func fileNames() {
        let key = SnapshotKey(label: "../../etc/passwd", scheme: "http", host: "h", port: 1, path: "/", user: nil)
        #expect(!key.fileName.contains("/"))
        #expect(!key.fileName.hasPrefix("."))
        #expect(fnv1a64Hex([]) == "cbf29ce484222325")
        #expect(fnv1a64Hex(Array("a".utf8)) == "af63dc4c8601ec8c")
    }

    @Test("rows saved as the server sent them load as the same torrents, with the fields they hold")
    func rowsAsReceived() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path)
        var encoded: [UInt8] = []
        for (index, torrent) in Self.torrents().enumerated() {
            if index > 0 { encoded.append(UInt8(ascii: ",")) }
            encoded.append(UInt8(ascii: "["))
            for (column, field) in Self.fields.enumerated() {
                if column > 0 { encoded.append(UInt8(ascii: ",")) }
                SnapshotStore.appendField(field, of: torrent, to: &encoded)
            }
            encoded.append(UInt8(ascii: "]"))
        }
        // Snake-case names, as a JSON-RPC 2.0 server sends them.
        let header = Self.fields.map { RPCDialect.snakeCased($0.rawValue) }
        try store.save(header: header, rows: encoded[...], for: Self.key, at: 99)
        let snapshot = try #require(try store.load(for: Self.key))
        #expect(snapshot.torrents == Self.torrents())
        #expect(snapshot.savedAt == 99)
        #expect(snapshot.fields == Set(Self.fields))

        try store.save(header: ["id", "name"], rows: [][...], for: Self.key, at: 100)
        let empty = try #require(try store.load(for: Self.key))
        #expect(empty.torrents.isEmpty && empty.fields == [.id, .name])

        try store.save(header: ["id"], rows: Array("[1],[2]".utf8)[...], for: Self.key, at: 101)
        let fewer = try #require(try store.load(for: Self.key))
        #expect(fewer.torrents.map(\.id) == [1, 2] && fewer.fields == [.id])
    }

    @Test("a table reply's received rows, passed along opaque, are what the snapshot stores")
    func receivedRowsOfAReply() throws {
        let directory = TemporaryDirectory()
        let store = SnapshotStore(directory: directory.path)
        let body = Array(
            #"{"arguments":{"torrents":[["id","name","status"],[1,"a\u00e9",6], [2,"b",0]]},"result":"success"}"#
                .utf8)
        let reply = try TorrentReply.parse(body)
        let table = try #require(reply.decoded["arguments"]?.table)
        try store.save(ReceivedRows(table, in: body), for: Self.key, at: 5)
        let snapshot = try #require(try store.load(for: Self.key))
        #expect(snapshot.torrents == reply.decoded["arguments"]?.torrents)
        #expect(snapshot.torrents.map(\.name) == ["a\u{e9}", "b"])
        #expect(snapshot.fields == [.id, .name, .status] && snapshot.savedAt == 5)
    }

    @Test("every field is written straight from the torrent exactly as its JSON value serializes")
    func directFields() {
        var extreme = Torrent(id: -1, name: "ctl\u{1}\\", hashString: "", status: .unknown(-9))
        extreme.sizeWhenDone = Int.max
        extreme.leftUntilDone = Int.min
        extreme.rateDownload = 1_000_000
        extreme.uploadRatio = .infinity
        extreme.percentDone = 1e-7
        extreme.isFinished = true
        extreme.peersSendingToUs = -3
        extreme.totalSize = 42
        for torrent in Self.torrents() + [extreme, Torrent()] {
            for field in TorrentField.allCases {
                var direct: [UInt8] = []
                SnapshotStore.appendField(field, of: torrent, to: &direct)
                var general: [UInt8] = []
                SnapshotStore.appendJSON(torrent.snapshotValue(field), to: &general)
                #expect(
                    String(decoding: direct, as: UTF8.self) == String(decoding: general, as: UTF8.self),
                    "\(field) of torrent \(torrent.id)")
            }
        }
    }
}
