import RemissionModel
import Testing

@Suite("Session decoding and naming")
struct SessionDecodingTests {
    /// `session-get` arguments captured from transmission-daemon 3.00.
    static let session30 = #"""
        {"alt-speed-down":50,"alt-speed-enabled":false,"alt-speed-time-begin":540,"alt-speed-time-day":127,"alt-speed-time-enabled":false,"alt-speed-time-end":1020,"alt-speed-up":50,"blocklist-enabled":false,"blocklist-size":0,"blocklist-url":"http://www.example.com/blocklist","cache-size-mb":4,"config-dir":"/tmp/rpcd/conf","dht-enabled":false,"download-dir":"/tmp/rpcd/dl","download-dir-free-space":85356339200,"download-queue-enabled":true,"download-queue-size":5,"encryption":"preferred","idle-seeding-limit":30,"idle-seeding-limit-enabled":false,"incomplete-dir":"/root/Downloads","incomplete-dir-enabled":false,"lpd-enabled":false,"peer-limit-global":200,"peer-limit-per-torrent":50,"peer-port":51399,"peer-port-random-on-start":false,"pex-enabled":false,"port-forwarding-enabled":false,"queue-stalled-enabled":true,"queue-stalled-minutes":30,"rename-partial-files":true,"rpc-version":16,"rpc-version-minimum":1,"script-torrent-done-enabled":false,"script-torrent-done-filename":"","seed-queue-enabled":false,"seed-queue-size":10,"seedRatioLimit":2,"seedRatioLimited":false,"session-id":"7Zu7881C5pM1yGl3hGI80xBGDbmGZr1jid5hB2iLxYVZvzTK","speed-limit-down":100,"speed-limit-down-enabled":false,"speed-limit-up":100,"speed-limit-up-enabled":false,"start-added-torrents":false,"trash-original-torrent-files":false,"units":{"memory-bytes":1024,"memory-units":["KiB","MiB","GiB","TiB"],"size-bytes":1000,"size-units":["kB","MB","GB","TB"],"speed-bytes":1000,"speed-units":["kB/s","MB/s","GB/s","TB/s"]},"utp-enabled":false,"version":"3.00 (bb6b5a062e)"}
        """#

    @Test("a 3.00 session-get reply decodes, seedRatioLimit 2 as a double")
    func classic() throws {
        let session = SessionInfo(json: try #require(try JSONValue.parse(Self.session30).object))
        #expect(session.version == "3.00 (bb6b5a062e)")
        #expect(session.rpcVersion == 16)
        #expect(session.rpcVersionMinimum == 1)
        #expect(session.rpcVersionSemver == nil)  // 3.00 does not report it
        #expect(session.downloadDir == "/tmp/rpcd/dl")
        #expect(session.downloadDirFreeSpace == 85_356_339_200)
        #expect(session.speedLimitDown == 100)
        #expect(session.speedLimitDownEnabled == false)
        #expect(session.altSpeedUp == 50)
        #expect(session.altSpeedTimeDay == 127)
        #expect(session.peerPort == 51399)
        #expect(session.encryption == .preferred)
        #expect(session.seedRatioLimit == 2.0)
        #expect(session.seedRatioLimited == false)
        #expect(session.cacheSizeMB == 4)
    }

    @Test("a 4.1-style snake_case reply decodes, 'allowed' meaning tolerated")
    func snakeCase() throws {
        let object = try #require(
            try JSONValue.parse(
                #"{"version":"4.1.0 (abc)","rpc_version":18,"rpc_version_minimum":14,"rpc_version_semver":"6.0.0","download_dir":"/d","speed_limit_up":20,"speed_limit_up_enabled":true,"alt_speed_enabled":true,"encryption":"allowed","seed_ratio_limit":1.5}"#
            ).object)
        let session = SessionInfo(json: object)
        #expect(session.rpcVersion == 18)
        #expect(session.rpcVersionMinimum == 14)
        #expect(session.rpcVersionSemver == "6.0.0")
        #expect(session.downloadDir == "/d")
        #expect(session.speedLimitUp == 20)
        #expect(session.speedLimitUpEnabled == true)
        #expect(session.altSpeedEnabled == true)
        #expect(session.encryption == .tolerated)
        #expect(session.seedRatioLimit == 1.5)
    }

    @Test("encryption values are spelled per dialect")
    func encryptionSpelling() {
        #expect(EncryptionMode.tolerated.wireValue(in: .classic) == "tolerated")
        #expect(EncryptionMode.tolerated.wireValue(in: .jsonRPC) == "allowed")
        #expect(EncryptionMode.required.wireValue(in: .jsonRPC) == "required")
    }

    @Test("session-stats decodes in both namings")
    func stats() throws {
        let classic = try #require(
            try JSONValue.parse(
                #"{"activeTorrentCount":1,"cumulative-stats":{"downloadedBytes":10,"filesAdded":2,"secondsActive":8,"sessionCount":3,"uploadedBytes":5},"current-stats":{"downloadedBytes":1,"filesAdded":0,"secondsActive":8,"sessionCount":1,"uploadedBytes":0},"downloadSpeed":7,"pausedTorrentCount":2,"torrentCount":3,"uploadSpeed":9}"#
            ).object)
        let snake = try #require(
            try JSONValue.parse(
                #"{"active_torrent_count":1,"cumulative_stats":{"downloaded_bytes":10,"files_added":2,"seconds_active":8,"session_count":3,"uploaded_bytes":5},"current_stats":{"downloaded_bytes":1,"files_added":0,"seconds_active":8,"session_count":1,"uploaded_bytes":0},"download_speed":7,"paused_torrent_count":2,"torrent_count":3,"upload_speed":9}"#
            ).object)
        let stats = SessionStats(json: classic)
        #expect(stats == SessionStats(json: snake))
        #expect(stats.torrentCount == 3)
        #expect(stats.downloadSpeed == 7)
        #expect(stats.cumulative.downloadedBytes == 10)
        #expect(stats.cumulative.sessionCount == 3)
        #expect(stats.current.secondsActive == 8)
    }

    @Test(
        "classic names map to JSON-RPC snake_case",
        arguments: [
            ("torrent-get", "torrent_get"), ("percentDone", "percent_done"), ("hashString", "hash_string"),
            ("rpc-version-minimum", "rpc_version_minimum"), ("seedRatioLimit", "seed_ratio_limit"),
            ("isUTP", "is_utp"), ("peer-limit", "peer_limit"), ("files-wanted", "files_wanted"),
            ("cache-size-mb", "cache_size_mb"), ("id", "id"), ("recently-active", "recently_active"),
            ("downloadDir", "download_dir"), ("fileStats", "file_stats"),
            ("webseedsSendingToUs", "webseeds_sending_to_us"),
        ])
    func snakeCased(classic: String, snake: String) {
        #expect(RPCDialect.snakeCased(classic) == snake)
        #expect(RPCDialect.jsonRPC.spell(classic) == (RPCDialect.jsonRPCExceptions[classic] ?? snake))
        #expect(RPCDialect.classic.spell(classic) == classic)
    }

    @Test("every known field is found under both spellings")
    func fieldLookup() {
        for field in TorrentField.allCases {
            #expect(TorrentField(wireName: field.name(in: .classic)) == field)
            #expect(TorrentField(wireName: field.name(in: .jsonRPC)) == field)
        }
        for field in SessionField.allCases {
            #expect(SessionField(wireName: field.name(in: .classic)) == field)
            #expect(SessionField(wireName: field.name(in: .jsonRPC)) == field)
        }
        #expect(TorrentField(wireName: "bogus") == nil)
    }
}
