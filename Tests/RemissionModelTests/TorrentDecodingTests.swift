import RemissionModel
import Testing

@Suite("Torrent decoding")
struct TorrentDecodingTests {
    /// A `torrent-get` table reply captured from transmission-daemon 3.00.
    static let table30 = #"""
        {"arguments":{"torrents":[["id","name","hashString","status","percentDone","sizeWhenDone","leftUntilDone","haveValid","eta","rateDownload","rateUpload","uploadRatio","error","errorString","addedDate","downloadDir","labels","peersConnected","isFinished"],[1,"t1","bb09681e754309a223f741c55cf6ae61b9ee41c5",0,0,100003,100003,0,-1,0,0,-1,0,"",1795295690,"/tmp/rpcd/dl",[],0,false]]},"result":"success","tag":4}
        """#

    /// A `torrent-get` objects reply with details, captured from transmission-daemon 3.00.
    static let detail30 = #"""
        {"arguments":{"torrents":[{"comment":"","creator":"Transmission/3.00 (bb6b5a062e)","dateCreated":1795295684,"fileStats":[{"bytesCompleted":0,"priority":0,"wanted":true},{"bytesCompleted":0,"priority":0,"wanted":true}],"files":[{"bytesCompleted":0,"length":100000,"name":"t1/data1.bin"},{"bytesCompleted":0,"length":3,"name":"t1/readme.txt"}],"id":1,"isPrivate":false,"name":"t1","peers":[],"priorities":[0,0],"totalSize":100003,"trackers":[{"announce":"http://127.0.0.1:1/announce","id":0,"scrape":"http://127.0.0.1:1/scrape","tier":0}],"wanted":[1,1]}]},"result":"success","tag":5}
        """#

    static func torrents(_ reply: String) throws -> [Torrent] {
        let value = try JSONValue.parse(reply)
        return try Torrent.decodeList(try #require(value["arguments"]?["torrents"]))
    }

    @Test("a 3.00 table reply decodes row by row")
    func table() throws {
        let list = try Self.torrents(Self.table30)
        var expected = Torrent(id: 1, name: "t1", hashString: "bb09681e754309a223f741c55cf6ae61b9ee41c5")
        expected.sizeWhenDone = 100_003
        expected.leftUntilDone = 100_003
        expected.haveValid = 0
        expected.addedDate = 1_795_295_690
        expected.downloadDir = "/tmp/rpcd/dl"
        expected.isFinished = false
        #expect(list == [expected])
    }

    @Test("a 3.00 objects reply with details decodes files, stats, wanted ints and trackers")
    func details() throws {
        let torrent = try #require(try Self.torrents(Self.detail30).first)
        #expect(
            torrent.files == [
                TorrentFile(name: "t1/data1.bin", length: 100_000, bytesCompleted: 0),
                TorrentFile(name: "t1/readme.txt", length: 3, bytesCompleted: 0),
            ])
        #expect(
            torrent.fileStats
                == Array(repeating: TorrentFileStats(bytesCompleted: 0, wanted: true, priority: .normal), count: 2))
        #expect(torrent.wanted == [true, true])  // sent as [1,1]
        #expect(torrent.priorities == [.normal, .normal])
        #expect(
            torrent.trackers == [
                TorrentTracker(
                    id: 0, announce: "http://127.0.0.1:1/announce", scrape: "http://127.0.0.1:1/scrape", tier: 0)
            ])
        #expect(torrent.peers == [])
        #expect(torrent.totalSize == 100_003)
        #expect(torrent.isPrivate == false)
        #expect(torrent.creator == "Transmission/3.00 (bb6b5a062e)")
        #expect(torrent.dateCreated == 1_795_295_684)
    }

    @Test("lenient: percentDone 1, wanted 0/1, unknown fields and wrong types")
    func lenient() throws {
        let object = try #require(
            try JSONValue.parse(
                #"{"id":3,"percentDone":1,"wanted":[0,1,true],"bogus":0,"newField4x":{"a":1},"name":42,"eta":"soon","status":6}"#
            ).object)
        let torrent = Torrent(json: object)
        #expect(torrent.id == 3)
        #expect(torrent.percentDone == 1.0)
        #expect(torrent.wanted == [false, true, true])
        #expect(torrent.name == "")  // a number where a string belongs leaves the default
        #expect(torrent.eta == -1)
        #expect(torrent.status == .seeding)
    }

    @Test("JSON-RPC snake_case names decode to the same torrent as classic names")
    func snakeCase() throws {
        let classic = try JSONValue.parse(
            #"[["id","hashString","percentDone","rateDownload","fileStats","trackerStats","peersConnected"],[7,"ab",0.25,1000,[{"bytesCompleted":5,"wanted":false,"priority":1}],[{"host":"h","seederCount":4,"lastAnnounceSucceeded":true}],2]]"#
        )
        let snake = try JSONValue.parse(
            #"[["id","hash_string","percent_done","rate_download","file_stats","tracker_stats","peers_connected"],[7,"ab",0.25,1000,[{"bytes_completed":5,"wanted":false,"priority":1}],[{"host":"h","seeder_count":4,"last_announce_succeeded":true}],2]]"#
        )
        let fromClassic = try Torrent.decodeList(classic)
        let fromSnake = try Torrent.decodeList(snake)
        #expect(fromClassic == fromSnake)
        let torrent = try #require(fromSnake.first)
        #expect(torrent.hashString == "ab")
        #expect(torrent.percentDone == 0.25)
        #expect(torrent.rateDownload == 1000)
        #expect(torrent.fileStats == [TorrentFileStats(bytesCompleted: 5, wanted: false, priority: .high)])
        #expect(torrent.trackerStats?.first?.seederCount == 4)
        #expect(torrent.trackerStats?.first?.lastAnnounceSucceeded == true)
        #expect(torrent.peersConnected == 2)
    }

    @Test("short table rows and extra cells do not fail")
    func raggedTable() throws {
        let list = try Torrent.decodeList(try JSONValue.parse(#"[["id","name"],[1],[2,"b","extra"]]"#))
        #expect(list.map(\.id) == [1, 2])
        #expect(list.map(\.name) == ["", "b"])
    }

    @Test(
        "structurally wrong lists are decoding failures",
        arguments: [#"{"a":1}"#, #"[1,2]"#, #"[["id"],{"id":1}]"#, #"[[1],[2]]"#, #"[{"id":1},[2]]"#])
    func wrongShapes(text: String) throws {
        let value = try JSONValue.parse(text)
        #expect(throws: DecodingFailure.self) { try Torrent.decodeList(value) }
    }

    @Test("an empty list is empty")
    func emptyList() throws {
        #expect(try Torrent.decodeList(.array([])) == [])
    }

    @Test(
        "status values and their transmission-remote labels",
        arguments: [
            (0, TorrentStatus.stopped, "Stopped"), (1, .checkWait, "Will Verify"), (2, .checking, "Verifying"),
            (3, .downloadWait, "Queued"), (4, .downloading, "Downloading"), (5, .seedWait, "Queued"),
            (6, .seeding, "Seeding"), (9, .unknown(9), "Unknown (9)"),
        ])
    func statuses(raw: Int, status: TorrentStatus, label: String) {
        #expect(TorrentStatus(rawValue: raw) == status)
        #expect(status.rawValue == raw)
        #expect(status.label == label)
    }

    @Test("activity labels refine the status like transmission-remote -l")
    func activityLabels() {
        var torrent = Torrent(id: 1, name: "x", status: .stopped)
        torrent.isFinished = true
        #expect(torrent.activityLabel == "Finished")
        torrent.status = .seeding
        #expect(torrent.activityLabel == "Seeding")  // without peer counts: the plain label
        torrent.peersGettingFromUs = 0
        torrent.peersSendingToUs = 0
        #expect(torrent.activityLabel == "Idle")
        torrent.peersGettingFromUs = 2
        #expect(torrent.activityLabel == "Seeding")
        torrent.peersSendingToUs = 1
        #expect(torrent.activityLabel == "Up & Down")
        torrent.status = .checking
        torrent.recheckProgress = 0.426
        #expect(torrent.activityLabel == "Verifying (42%)")
    }
}
