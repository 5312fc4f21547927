import Foundation
import TestSupport
import Testing

/// What the real daemons of the bed cannot show: a daemon too old for rename-path, the boundary
/// between the old tracker fields and `trackerList` (rpc-version 16 and 17), escape-laden tracker
/// texts (process, hostile server).
@Suite("move / rename / trackers / queue against a scripted server (process)")
struct TorrentEditServerTests {
    static var tracker: [String: Any] { ["id": 0, "announce": "http://a.example/announce", "tier": 0] }

    static func server(rpcVersion: Int, trackerStats: [[String: Any]]? = nil) throws -> HostileServer {
        let stats = trackerStats ?? [Self.tracker.merging(["lastAnnounceResult": "", "seederCount": -1]) { $1 }]
        return try HostileServer(scenario: [
            "version": ["rpc-version": rpcVersion, "rpc-version-minimum": 1, "version": "scripted"],
            "methods": [
                "torrent-get": [
                    "arguments": [
                        "torrents": [
                            [
                                "id": 1, "name": "t", "hashString": String(repeating: "ab", count: 20),
                                "files": [["name": "t/a.bin", "length": 1, "bytesCompleted": 0]],
                                "trackers": [Self.tracker], "trackerStats": stats,
                            ]
                        ]
                    ]
                ],
                "torrent-rename-path": ["arguments": ["id": 1, "path": "t", "name": "u"]],
            ],
        ])
    }

    static func requests(_ server: HostileServer) -> String { String(decoding: server.receivedLog, as: UTF8.self) }

    @Test("rename on rpc-version 14 (before 2.80): exit 6, names the version it needs, nothing renamed")
    func renameNeedsVersion() throws {
        let home = CLIHome(bed: try TestBed.shared)
        let old = try Self.server(rpcVersion: 14)
        let result = try home.run(["rename", "1", "u", "--server", old.url()])
        #expect(result.status == 6, "\(result.all)")
        #expect(
            result.err.contains(
                "remission rename needs Transmission 2.80 or later (rpc-version 15); the server speaks rpc-version 14"
            ),
            "\(result.all)")
        #expect(result.err.contains("hint: Upgrade Transmission on the server to 2.80 or later."), "\(result.all)")
        #expect(!Self.requests(old).contains("torrent-rename-path"))

        let fifteen = try Self.server(rpcVersion: 15)
        let renamed = try home.run(["rename", "1", "u", "--server", fifteen.url(), "--json"])
        #expect(renamed.status == 0, "\(renamed.all)")
        #expect(renamed.out == #"{"id":1,"path":"t","name":"u"}"# + "\n", "\(renamed.out)")
        #expect(Self.requests(fifteen).contains(#""path":"t""#))
    }

    @Test("trackers: rpc-version 16 sends trackerAdd, 17 sends trackerList (tiers apart), never both")
    func trackerForms() throws {
        let home = CLIHome(bed: try TestBed.shared)
        let sixteen = try Self.server(rpcVersion: 16)
        var result = try home.run(["trackers", "1", "--add", "udp://b.example:1/announce", "--server", sixteen.url()])
        #expect(result.status == 0, "\(result.all)")
        #expect(
            Self.requests(sixteen).contains(#""trackerAdd":["udp://b.example:1/announce"]"#),
            "\(Self.requests(sixteen))")
        #expect(!Self.requests(sixteen).contains("trackerList"))

        let seventeen = try Self.server(rpcVersion: 17)
        result = try home.run(["trackers", "1", "--add", "udp://b.example:1/announce", "--server", seventeen.url()])
        #expect(result.status == 0, "\(result.all)")
        let sent = Self.requests(seventeen)
        #expect(
            sent.contains(#""trackerList":"http://a.example/announce\n\nudp://b.example:1/announce""#), "\(sent)")
        #expect(!sent.contains("trackerAdd"))
    }

    @Test("escape sequences in announce URLs and results are made safe in text and exact in --json")
    func hostileTrackerText() throws {
        let home = CLIHome(bed: try TestBed.shared)
        let evil = "http://a.example/announce?\u{1B}]0;owned\u{07}\u{1B}[2J"
        let server = try Self.server(
            rpcVersion: 16,
            trackerStats: [
                [
                    "id": 0, "tier": 0, "announce": evil, "lastAnnounceTime": 1_700_000_000,
                    "lastAnnounceSucceeded": false, "lastAnnounceResult": "bad\u{1B}[31m\r\nforged line",
                    "seederCount": 3, "leecherCount": -1,
                ]
            ])
        let text = try home.run(["trackers", "1", "--server", server.url()])
        #expect(text.status == 0, "\(text.all)")
        #expect(!text.out.contains("\u{1B}") && !text.out.contains("\u{07}") && !text.out.contains("\r"), "\(text.out)")
        #expect(text.out.contains("seeders: 3, leechers: unknown"), "\(text.out)")
        let json = try home.run(["trackers", "1", "--json", "--server", server.url()])
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let first = (object?["trackers"] as? [[String: Any]])?.first
        #expect(first?["announce"] as? String == evil)
        #expect(first?["lastAnnounceResult"] as? String == "bad\u{1B}[31m\r\nforged line")
    }
}
