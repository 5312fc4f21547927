import Foundation
import TestSupport
import Testing

/// Issue 12, end to end: numbers a server can send (2^63 − 1, −2^63, −1, 1e300, 2^70, strings, null,
/// arrays and objects where numbers belong, huge and negative ids, missing fields) and nesting deeper
/// than the parser allows make no command trap (exit ≥ 128); the output stays sane.
@Suite("Hostile numbers through the real binary (process, hostile server)")
struct HostileNumbersCommandTests {
    static var extremes: [Any] {
        [
            Int64.max, Int64.min, -1, 1e300, -1e300, "NaN", "1e999", NSNull(), true, [Any](), [String: Any](), "x",
            Double(Int64.max) * 4, 1.5, 0,
        ]
    }

    /// Torrent `id` (from 1) has every field set to `value`, names included.
    static func torrent(_ id: Int, _ value: Any) -> [String: Any] {
        var torrent: [String: Any] = ["id": id, "name": "n\(id)"]
        for field in [
            "status", "percentDone", "totalSize", "sizeWhenDone", "leftUntilDone", "haveValid", "haveUnchecked",
            "rateDownload", "rateUpload", "uploadRatio", "eta", "error", "errorString", "labels", "downloadDir",
            "hashString", "addedDate", "doneDate", "activityDate", "peersConnected", "queuePosition", "recheckProgress",
            "downloadedEver", "uploadedEver", "corruptEver", "pieceCount", "pieceSize", "metadataPercentComplete",
            "peersSendingToUs", "peersGettingFromUs", "isPrivate", "isFinished", "isStalled", "seedRatioLimit",
        ] {
            torrent[field] = value
        }
        torrent["files"] = [
            ["name": "f", "length": value, "bytesCompleted": value], ["name": value, "length": value],
        ]
        torrent["fileStats"] = [["wanted": value, "priority": value, "bytesCompleted": value]]
        torrent["trackerStats"] = [
            [
                "announce": value, "tier": value, "lastAnnounceTime": value, "lastAnnounceSucceeded": value,
                "lastAnnouncePeerCount": value, "announceState": value, "nextAnnounceTime": value,
                "seederCount": value, "leecherCount": value, "downloadCount": value, "lastAnnounceResult": value,
            ]
        ]
        torrent["peers"] = [
            ["address": value, "clientName": value, "flagStr": value, "progress": value, "rateToClient": value]
        ]
        return torrent
    }

    static func scenario() -> [String: Any] {
        var torrents = extremes.enumerated().map { torrent($0.offset + 1, $0.element) }
        torrents += [
            ["id": Int64.max, "name": "biggest id"], ["id": -5, "name": "negative id"],
            ["id": Double(Int64.max) * 4, "name": "huge id"], ["name": "no id"], [:],
        ]
        let big = Int64.max
        let session: [String: Any] = [
            "rpc-version": 17, "version": "3.00", "download-dir": "/d", "speed-limit-down": big,
            "speed-limit-up": -1, "alt-speed-down": 1e300, "alt-speed-up": "NaN", "peer-port": 1e300,
            "peer-limit-global": Int64.min, "seedRatioLimit": 1e300, "seedRatioLimited": true,
            "speed-limit-down-enabled": true, "alt-speed-time-begin": big, "alt-speed-time-end": -1,
            "alt-speed-time-enabled": true, "download-dir-free-space": big, "encryption": 5,
        ]
        let stats: [String: Any] = [
            "activeTorrentCount": big, "downloadSpeed": big, "uploadSpeed": -1, "torrentCount": 1e300,
            "pausedTorrentCount": "x",
            "current-stats": [
                "uploadedBytes": big, "downloadedBytes": 0, "filesAdded": -1, "sessionCount": 1e300,
                "secondsActive": big,
            ],
            "cumulative-stats": [
                "uploadedBytes": Int64.min, "downloadedBytes": -1, "filesAdded": big, "secondsActive": Int64.min,
            ],
        ]
        return [
            "methods": [
                "session-get": ["arguments": session], "torrent-get": ["arguments": ["torrents": torrents]],
                "session-stats": ["arguments": stats], "free-space": ["arguments": ["path": "/d", "size-bytes": big]],
            ]
        ]
    }

    @Test("list, list --json, every sort, info/files of each torrent, session, stats: no trap, sane output")
    func noTrap() throws {
        let server = try HostileServer(scenario: Self.scenario())
        let home = CLIHome(bed: try TestBed.shared)
        var commands: [[String]] = [["list"], ["list", "--json"], ["session"], ["session", "--json"], ["stats"]]
        commands += [["stats", "--json"], ["stop", "all"], ["remove", "1-5", "--delete-data", "--yes"]]
        for sort in ["id", "name", "size", "eta", "ratio", "added", "status", "down", "up", "progress"] {
            commands += [["list", "--sort", sort], ["list", "--sort", sort, "--reverse"]]
        }
        for id in 1...Self.extremes.count {
            commands += [
                ["info", String(id), "--files", "--trackers", "--peers"], ["info", String(id), "--json", "--files"],
                ["files", String(id)],
            ]
        }
        for command in commands {
            let result = try home.runRaw(command + ["--server", server.url()])
            #expect(result.status == 0, "\(command): \(result.text)")
            #expect(!result.out.isEmpty, "\(command)")
            #expect(!result.text.contains("Swift runtime failure"), "\(command)")
        }
        let list = try home.run(["list", "--server", server.url()])
        #expect(list.out.contains("Sum:"))
        #expect(!list.out.contains("9223372036854775807%"), "\(list.out)")
    }

    @Test("watch draws the same torrents on a terminal and quits cleanly")
    func watch() throws {
        let server = try HostileServer(scenario: Self.scenario())
        let home = CLIHome(bed: try TestBed.shared)
        let (status, output) = try home.runOnTerminalRaw(
            ["watch", "--interval", "1", "--server", server.url()], keys: ["q"], pause: 3)
        let text = String(decoding: output, as: UTF8.self)
        #expect(status == 0, "\(text)")
        #expect(text.contains("Total:"), "\(text)")
    }

    @Test("nesting deeper than the parser allows is a malformed reply (exit 1), not a stack overflow")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let body = #"{"arguments":{"torrents":"# + deep + #"},"result":"success"}"#
        let objects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        let server = try HostileServer(scenario: [
            "methods": [
                "torrent-get": ["status": 200, "body": body],
                "session-stats": ["status": 200, "body": #"{"arguments":"# + objects + #","result":"success"}"#],
            ]
        ])
        let home = CLIHome(bed: try TestBed.shared)
        for command in [["list"], ["list", "--json"], ["info", "1"], ["files", "1"], ["stats"]] {
            let result = try home.run(command + ["--server", server.url()])
            #expect(result.status == 1, "\(command): \(result.all)")
            #expect(result.err.contains("nesting deeper than"), "\(command): \(result.all)")
        }
    }
}
