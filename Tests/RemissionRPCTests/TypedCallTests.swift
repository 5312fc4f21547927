import RemissionModel
import RemissionTransport
import Testing

@testable import RemissionRPC

@Suite("Typed calls")
struct TypedCallTests {
    static let hash = "bb09681e754309a223f741c55cf6ae61b9ee41c5"

    @Test("torrent-get table replies decode into torrents, lenient where 3.00 is loose")
    func tableList() throws {
        let harness = Harness([
            Reply.success(
                #"{"torrents":[["id","name","percentDone","wanted","status","bogus"],[1,"a",1,[0,1],6,0],[2,"b",0.5,[1],4,0]]}"#
            )
        ])
        let torrents = try harness.client.torrentGet(fields: [.id, .name, .percentDone, .wanted, .status])
        #expect(torrents.map(\.id) == [1, 2])
        #expect(torrents[0].percentDone == 1.0)
        #expect(torrents[0].wanted == [false, true])
        #expect(torrents[0].status == .seeding)
        #expect(torrents[1].percentDone == 0.5)
    }

    @Test("objects format is requested without 'format' and decoded")
    func objectList() throws {
        let harness = Harness([Reply.success(#"{"torrents":[{"id":3,"name":"c","newIn5x":"?"}]}"#)])
        let torrents = try harness.client.torrentGet(ids: .id(3), fields: [.id, .name], format: .objects)
        #expect(torrents == [Torrent(id: 3, name: "c")])
        #expect(harness.sent.first?.json["arguments"]?["format"] == nil)
        #expect(harness.sent.first?.json["arguments"]?["ids"] == [3])
    }

    @Test("recently-active returns changes and removed ids")
    func recentlyActive() throws {
        let harness = Harness([Reply.success(#"{"removed":[4,5],"torrents":[["id"],[1]]}"#)])
        let changes = try harness.client.torrentGetRecentlyActive(fields: [.id])
        #expect(changes == RecentChanges(torrents: [Torrent(id: 1, name: "")], removedIds: [4, 5], header: ["id"]))
        #expect(harness.sent.first?.json["arguments"]?["ids"] == "recently-active")
    }

    @Test("torrent-add sends metainfo as base64 and reports an added torrent")
    func addMetainfo() throws {
        let metainfo: [UInt8] = Array("d4:infod4:name1:xee".utf8)
        let harness = Harness([
            Reply.success(#"{"rpc-version":16}"#),  // the session-get that comes before an upload
            Reply.success("{\"torrent-added\":{\"hashString\":\"\(Self.hash)\",\"id\":7,\"name\":\"x\"}}"),
        ])
        let result = try harness.client.torrentAdd(.metainfo(metainfo), downloadDir: "/dl", paused: true)
        #expect(result == .added(id: 7, name: "x", hash: Self.hash))
        #expect(harness.sent.first?.json["method"] == "session-get")
        #expect(
            harness.sent.last?.json["arguments"]
                == ["metainfo": .string(Base64.encode(metainfo)), "download-dir": "/dl", "paused": true])
    }

    @Test("a duplicate is reported as such, not as an error")
    func addDuplicate() throws {
        let harness = Harness([
            Reply.success("{\"torrent-duplicate\":{\"hashString\":\"\(Self.hash)\",\"id\":1,\"name\":\"t1\"}}")
        ])
        let result = try harness.client.torrentAdd(.filename("magnet:?xt=urn:btih:\(Self.hash)"))
        #expect(result == .duplicate(id: 1, name: "t1", hash: Self.hash))
        #expect(harness.sent.first?.json["arguments"]?["filename"] == .string("magnet:?xt=urn:btih:\(Self.hash)"))
    }

    @Test("JSON-RPC add replies use torrent_added and snake_case identity fields")
    func addJSONRPC() throws {
        let harness = Harness(
            [
                Reply.json(
                    "{\"jsonrpc\":\"2.0\",\"result\":{\"torrent_added\":{\"hash_string\":\"\(Self.hash)\",\"id\":9,\"name\":\"n\"}},\"id\":1}"
                )
            ],
            dialect: .jsonRPC)
        let result = try harness.client.torrentAdd(.filename("https://example.org/a.torrent"), downloadDir: "/d")
        #expect(result == .added(id: 9, name: "n", hash: Self.hash))
        #expect(harness.sent.first?.json["params"]?["download_dir"] == "/d")
    }

    @Test("labels are set again with torrent-set unless the server is known to take them in torrent-add")
    func addLabels() throws {
        let added = "{\"torrent-added\":{\"hashString\":\"\(Self.hash)\",\"id\":7,\"name\":\"x\"}}"
        let old = Harness([Reply.success(added), Reply.success()])
        _ = try old.client.torrentAdd(.filename("magnet:?x"), labels: ["linux"])
        #expect(old.sent.count == 2)
        #expect(old.sent[1].json["method"] == "torrent-set")
        #expect(old.sent[1].json["arguments"] == ["ids": [7], "labels": ["linux"]])

        let new = Harness([
            Reply.success(#"{"version":"4.0.6","rpc-version":17,"rpc-version-minimum":14}"#), Reply.success(added),
        ])
        _ = try new.client.serverInfo()
        _ = try new.client.torrentAdd(.filename("magnet:?x"), labels: ["linux"])
        #expect(new.sent.count == 2)
        #expect(new.sent[1].json["arguments"]?["labels"] == ["linux"])
    }

    @Test("an add reply naming no torrent is malformed")
    func addMalformed() {
        let harness = Harness([Reply.success()])
        #expect(throws: RPCError.self) { try harness.client.torrentAdd(.filename("x")) }
    }

    @Test(
        "actions send their method and ids",
        arguments: [
            ("torrent-start", TorrentSelection.id(1)), ("torrent-start-now", .id(2)), ("torrent-stop", .all),
            ("torrent-verify", .recentlyActive), ("torrent-reannounce", .torrents([.hash(hash)])),
        ])
    func actions(method: String, ids: TorrentSelection) throws {
        let harness = Harness([Reply.success()])
        switch method {
        case "torrent-start": try harness.client.torrentStart(ids)
        case "torrent-start-now": try harness.client.torrentStart(ids, now: true)
        case "torrent-stop": try harness.client.torrentStop(ids)
        case "torrent-verify": try harness.client.torrentVerify(ids)
        default: try harness.client.torrentReannounce(ids)
        }
        let body = try #require(harness.sent.first?.json)
        #expect(body["method"] == .string(method))
        #expect(body["arguments"]?["ids"] == ids.idsValue(in: .classic))
    }

    @Test("torrent-remove passes delete-local-data")
    func remove() throws {
        let harness = Harness([Reply.success()])
        try harness.client.torrentRemove(.torrents([.id(1), .id(2)]), deleteLocalData: true)
        #expect(harness.sent.first?.json["arguments"] == ["ids": [1, 2], "delete-local-data": true])
    }

    @Test("serverInfo refuses servers older than rpc-version 14")
    func tooOld() {
        let harness = Harness([Reply.success(#"{"version":"2.31","rpc-version":13,"rpc-version-minimum":1}"#)])
        #expect(throws: RPCError.unsupportedVersion(found: 13, minimum: 14)) { try harness.client.serverInfo() }
    }

    @Test("serverInfo for a 3.00 daemon")
    func serverInfo30() throws {
        let harness = Harness([
            Reply.success(#"{"rpc-version":16,"rpc-version-minimum":1,"version":"3.00 (bb6b5a062e)"}"#)
        ])
        let info = try harness.client.serverInfo()
        #expect(
            info
                == ServerInfo(
                    version: "3.00 (bb6b5a062e)", rpcVersion: 16, rpcVersionMinimum: 1, rpcVersionSemver: nil,
                    dialect: .classic))
        #expect(harness.client.rpcVersion == 16)
        #expect(
            harness.sent.first?.json["arguments"] == [
                "fields": ["version", "rpc-version", "rpc-version-minimum", "rpc-version-semver"]
            ])
    }

    @Test("serverInfo without rpc-version is malformed")
    func noVersion() {
        let harness = Harness([Reply.success(#"{"version":"?"}"#)])
        #expect(throws: RPCError.malformed(detail: "session-get did not report rpc-version", offset: nil)) {
            try harness.client.serverInfo()
        }
    }

    @Test("free-space and port-test read their replies in both namings")
    func freeSpaceAndPortTest() throws {
        let classic = Harness([
            Reply.success(#"{"path":"/tmp","size-bytes":85356355584}"#), Reply.success(#"{"port-is-open":true}"#),
        ])
        #expect(try classic.client.freeSpace(path: "/tmp") == FreeSpace(path: "/tmp", sizeBytes: 85_356_355_584))
        #expect(try classic.client.portTest() == true)
        let modern = Harness(
            [Reply.json(#"{"jsonrpc":"2.0","result":{"path":"/tmp","size_bytes":10,"total_size":20},"id":1}"#)],
            dialect: .jsonRPC)
        #expect(try modern.client.freeSpace(path: "/tmp") == FreeSpace(path: "/tmp", sizeBytes: 10, totalSize: 20))
    }

    @Test("session-get decodes the full reply and session-stats its counters")
    func sessionCalls() throws {
        let harness = Harness([
            Reply.success(
                #"{"download-dir":"/dl","speed-limit-down":100,"speed-limit-down-enabled":true,"encryption":"required"}"#
            ),
            Reply.success(#"{"torrentCount":4,"current-stats":{"uploadedBytes":12}}"#),
        ])
        let session = try harness.client.sessionGet()
        #expect(session.downloadDir == "/dl")
        #expect(session.speedLimitDownEnabled == true)
        #expect(session.encryption == .required)
        #expect(harness.sent.first?.json["arguments"] == [:])
        let stats = try harness.client.sessionStats()
        #expect(stats.torrentCount == 4)
        #expect(stats.current.uploadedBytes == 12)
    }
}
