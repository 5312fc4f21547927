import RemissionModel
import RemissionTransport
import Testing

@testable import RemissionRPC

@Suite("Dialects and request shapes")
struct DialectTests {
    static let sessionId = "7Zu7881C5pM1yGl3hGI80xBGDbmGZr1jid5hB2iLxYVZvzTK"
    static let hash = "bb09681e754309a223f741c55cf6ae61b9ee41c5"

    @Test("classic requests: kebab-case method, arguments, integer tag, camelCase torrent fields")
    func classicShape() throws {
        let harness = Harness([Reply.success(#"{"torrents":[]}"#)])
        _ = try harness.client.torrentGet(
            ids: .torrents([.id(1), .hash(Self.hash)]), fields: [.id, .percentDone, .hashString], format: .table)
        let body = try #require(harness.sent.first?.json.object)
        #expect(body.keys == ["method", "arguments", "tag"])
        #expect(body["method"] == "torrent-get")
        #expect(body["tag"]?.int != nil)
        #expect(
            body["arguments"] == [
                "fields": ["id", "percentDone", "hashString"], "ids": [1, .string(Self.hash)], "format": "table",
            ])
        #expect(harness.sent.first?.header("Content-Type") == "application/json")
        #expect(harness.sent.first?.request.method == "POST")
    }

    @Test("tags increase with each request")
    func tags() throws {
        let harness = Harness([Reply.success(), Reply.success()])
        _ = try harness.client.sessionStats()
        _ = try harness.client.sessionStats()
        let tags = harness.sent.compactMap { $0.json["tag"]?.int }
        #expect(tags.count == 2)
        #expect(tags[1] > tags[0])
    }

    @Test("a 409 carrying X-Transmission-Rpc-Version switches to JSON-RPC before the resend")
    func detectFromHeader() throws {
        let harness = Harness([
            Reply.conflict(Self.sessionId, rpcVersion: "6.0.0"),
            Reply.json(
                #"{"jsonrpc":"2.0","result":{"version":"4.1.0","rpc_version":18,"rpc_version_minimum":14,"rpc_version_semver":"6.0.0"},"id":2}"#
            ),
        ])
        let info = try harness.client.serverInfo()
        #expect(
            info
                == ServerInfo(
                    version: "4.1.0", rpcVersion: 18, rpcVersionMinimum: 14, rpcVersionSemver: "6.0.0",
                    dialect: .jsonRPC))
        #expect(harness.client.dialect == .jsonRPC)
        #expect(harness.client.headerRPCVersion == "6.0.0")
        #expect(harness.sent[0].json["method"] == "session-get")
        let resent = try #require(harness.sent[1].json.object)
        #expect(resent.keys == ["jsonrpc", "method", "params", "id"])
        #expect(resent["jsonrpc"] == "2.0")
        #expect(resent["method"] == "session_get")
        #expect(
            resent["params"] == ["fields": ["version", "rpc_version", "rpc_version_minimum", "rpc_version_semver"]])
        #expect(resent["id"]?.int != nil)
    }

    @Test("session-get reporting rpc-version 18 switches later calls to JSON-RPC")
    func detectFromVersion() throws {
        let harness = Harness([
            Reply.success(#"{"version":"4.1.0","rpc-version":18,"rpc-version-minimum":14}"#),
            Reply.json(#"{"jsonrpc":"2.0","result":{},"id":2}"#),
        ])
        let info = try harness.client.serverInfo()
        #expect(info.dialect == .jsonRPC)
        try harness.client.torrentStart(.recentlyActive)
        let second = try #require(harness.sent[1].json.object)
        #expect(second["method"] == "torrent_start")
        #expect(second["params"] == ["ids": "recently_active"])
    }

    @Test("rpc-version 17 stays classic")
    func staysClassic() throws {
        let harness = Harness([
            Reply.success(
                #"{"version":"4.0.6","rpc-version":17,"rpc-version-minimum":14,"rpc-version-semver":"5.3.0"}"#)
        ])
        let info = try harness.client.serverInfo()
        #expect(info.dialect == .classic)
        #expect(info.rpcVersionSemver == "5.3.0")
        #expect(harness.client.dialect == .classic)
    }

    @Test("JSON-RPC torrent-set uses snake_case argument names")
    func jsonRPCTorrentSet() throws {
        let harness = Harness([Reply.json(#"{"jsonrpc":"2.0","result":{},"id":1}"#)], dialect: .jsonRPC)
        var changes = TorrentChanges()
        changes.filesWanted = [0, 2]
        changes.priorityHigh = [1]
        changes.downloadLimit = 500
        changes.downloadLimited = true
        changes.peerLimit = 40
        changes.labels = ["linux"]
        try harness.client.torrentSet(.id(4), changes)
        let params = try #require(harness.sent.first?.json["params"]?.object)
        #expect(
            params.keys == [
                "ids", "files_wanted", "priority_high", "labels", "download_limit", "download_limited", "peer_limit",
            ])
        #expect(params["files_wanted"] == [0, 2])
        #expect(harness.sent.first?.json["method"] == "torrent_set")
    }

    @Test("classic torrent-set mixes kebab-case lists and camelCase limits, as Transmission expects")
    func classicTorrentSet() throws {
        let harness = Harness([Reply.success()])
        var changes = TorrentChanges()
        changes.filesUnwanted = [3]
        changes.priorityLow = [1, 2]
        changes.uploadLimit = 20
        changes.bandwidthPriority = .high
        try harness.client.torrentSet(.all, changes)
        let arguments = try #require(harness.sent.first?.json["arguments"]?.object)
        // No ids: all torrents.
        #expect(arguments.keys == ["files-unwanted", "priority-low", "uploadLimit", "bandwidthPriority"])
        #expect(arguments["bandwidthPriority"] == 1)
    }

    @Test("session-set names keys per dialect and spells 'tolerated' as 'allowed' in JSON-RPC")
    func sessionSet() throws {
        var changes = SessionChanges()
        changes.speedLimitDown = 800
        changes.speedLimitDownEnabled = true
        changes.encryption = .tolerated
        changes.seedRatioLimit = 1.5
        let classic = Harness([Reply.success()])
        try classic.client.sessionSet(changes)
        #expect(
            classic.sent.first?.json["arguments"]
                == [
                    "speed-limit-down": 800, "speed-limit-down-enabled": true, "encryption": "tolerated",
                    "seedRatioLimit": 1.5,
                ])
        let modern = Harness([Reply.json(#"{"jsonrpc":"2.0","result":{},"id":1}"#)], dialect: .jsonRPC)
        try modern.client.sessionSet(changes)
        #expect(
            modern.sent.first?.json["params"]
                == [
                    "speed_limit_down": 800, "speed_limit_down_enabled": true, "encryption": "allowed",
                    "seed_ratio_limit": 1.5,
                ])
    }

    @Test("empty change sets send nothing")
    func emptyChanges() throws {
        let harness = Harness([])
        try harness.client.sessionSet(SessionChanges())
        try harness.client.torrentSet(.all, TorrentChanges())
        #expect(harness.sent.isEmpty)
    }

    @Test("the generic call respells top-level keys only and returns the payload")
    func genericCall() throws {
        let harness = Harness(
            [Reply.json(#"{"jsonrpc":"2.0","result":{"path":"/d","size_bytes":5},"id":1}"#)], dialect: .jsonRPC)
        let reply = try harness.client.call(
            "torrent-set-location", arguments: ["ids": [1], "location": "/d", "move": true])
        #expect(reply == ["path": "/d", "size_bytes": 5])
        #expect(harness.sent.first?.json["method"] == "torrent_set_location")
        #expect(harness.sent.first?.json["params"] == ["ids": [1], "location": "/d", "move": true])
    }

    @Test("a classic reply is understood even in JSON-RPC mode (a 3.00 daemon refusing snake_case)")
    func classicReplyInJSONRPCMode() {
        let harness = Harness(
            [Reply.json(#"{"arguments":{},"result":"method name not recognized"}"#)], dialect: .jsonRPC)
        #expect(throws: RPCError.rpcFailure("method name not recognized")) { try harness.client.sessionStats() }
    }
}

@Suite("Issue 13: the first request, and names that are not snake_case")
struct FirstRequestTests {
    @Test("a large first request waits for a small session-get: the metainfo is sent once")
    func metainfoSentOnce() throws {
        let metainfo = [UInt8](repeating: 0x61, count: 100_000)
        let harness = Harness([
            Reply.conflict("id-1", rpcVersion: "6.0.1"),
            Reply.json(#"{"jsonrpc":"2.0","result":{"rpc_version":19},"id":1}"#),
            Reply.json(#"{"jsonrpc":"2.0","result":{"torrent_added":{"id":7,"name":"x","hash_string":"ab"}},"id":2}"#),
        ])
        _ = try harness.client.torrentAdd(.metainfo(metainfo))
        #expect(harness.sent.count == 3)
        #expect(harness.sent.filter { $0.request.body.count > 100_000 }.count == 1)
        #expect(harness.sent[0].request.body.count < 200)
        #expect(harness.sent[2].json["method"]?.string == "torrent_add")
    }

    @Test("a small first request is sent as it is (check and list pay nothing)")
    func smallFirstRequest() throws {
        let harness = Harness([Reply.conflict("id-1"), Reply.success(#"{"torrents":[]}"#)])
        _ = try harness.client.torrentGet(fields: [.id, .name])
        #expect(harness.sent.count == 2)
        #expect(harness.sent.allSatisfy { $0.json["method"]?.string == "torrent-get" })
    }

    @Test("the disk cache key is cache_size_mib in JSON-RPC, as Transmission 4.1.3 names it")
    func cacheSize() {
        #expect(SessionField.cacheSizeMB.name(in: .jsonRPC) == "cache_size_mib")
        #expect(SessionField.cacheSizeMB.name(in: .classic) == "cache-size-mb")
        #expect(SessionField(wireName: "cache_size_mib") == .cacheSizeMB)
        var changes = SessionChanges()
        changes.cacheSizeMB = 16
        #expect(changes.arguments(in: .jsonRPC)["cache_size_mib"]?.int == 16)
    }
}
