import Foundation
import TestSupport
import Testing

/// Issue 12, end to end: no raw control byte of server origin reaches stdout or stderr, on any
/// output path of the real binary, in both dialects; `--json` keeps the exact text (JSON-escaped).
/// The server is `HostileServer`, whose every text carries `Hostile.poison`.
@Suite("Hostile server text never reaches the terminal raw (process, hostile server)")
struct HostileTextTests {
    static let poison = Hostile.poison
    static let magnet = "magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567"

    static func torrent(_ id: Int) -> [String: Any] {
        let p = poison
        return [
            "id": id, "name": "N" + p, "status": 4, "percentDone": 0.5, "totalSize": 1000, "sizeWhenDone": 1000,
            "leftUntilDone": 500, "haveValid": 400, "haveUnchecked": 100, "rateDownload": 10, "rateUpload": 5,
            "uploadRatio": 0.5, "eta": 100, "error": 2, "errorString": "E" + p, "labels": ["L" + p],
            "downloadDir": "/D" + p, "hashString": "H" + p, "addedDate": 1_700_000_000, "activityDate": 1_700_000_000,
            "comment": "C" + p, "creator": "R" + p, "magnetLink": "magnet:" + p, "peersConnected": 1,
            "files": [["name": "F" + p, "length": 1000, "bytesCompleted": 500]],
            "fileStats": [["wanted": true, "priority": 0, "bytesCompleted": 500]],
            "trackers": [["announce": "http://T" + p, "id": 0, "tier": 0]],
            "trackerStats": [
                [
                    "announce": "http://T" + p, "host": "h" + p, "id": 0, "tier": 0, "lastAnnounceTime": 1_700_000_000,
                    "lastAnnounceSucceeded": false, "lastAnnounceResult": "R" + p, "announceState": 1,
                ]
            ],
            "peers": [
                [
                    "address": "1.2.3." + p, "clientName": "c" + p, "flagStr": "f" + p, "progress": 0.5,
                    "rateToClient": 1, "rateToPeer": 2,
                ]
            ],
        ]
    }

    /// Every method answers with poisoned texts: torrents, the session's version, semver and
    /// directories, an add's duplicate.
    static func scenario(_ dialect: String) -> [String: Any] {
        let jsonRPC = dialect == "jsonrpc"
        func key(_ name: String) -> String { jsonRPC ? name.replacingOccurrences(of: "-", with: "_") : name }
        let session: [String: Any] = [
            key("rpc-version"): jsonRPC ? 18 : 17, key("rpc-version-minimum"): 14, "version": "V" + poison,
            key("rpc-version-semver"): "5.3.0" + poison, key("download-dir"): "/dl" + poison,
            key("config-dir"): "/c" + poison,
        ]
        return [
            "dialect": dialect,
            "methods": [
                "session-get": ["arguments": session],
                "torrent-get": ["arguments": ["torrents": [torrent(1), torrent(2)], "removed": []]],
                "torrent-add": [
                    "arguments": [
                        key("torrent-duplicate"): ["id": 1, "name": "N" + poison, "hashString": "H" + poison]
                    ]
                ],
                "free-space": ["arguments": [key("size-bytes"): 1000, "path": "/dl" + poison]],
            ],
        ]
    }

    static let commands: [[String]] = [
        ["list"], ["list", "-v"], ["info", "1", "--files", "--trackers", "--peers"], ["info", "1", "-v"],
        ["files", "1"],
        ["files", "1", "--priority", "high", "0"], ["start", "1"], ["stop", "all"], ["verify", "1"],
        ["reannounce", "1,2"], ["remove", "1"], ["remove", "1", "--delete-data", "--yes"], ["session"],
        ["session", "-v"],
        ["stats"], ["check"], ["check", "-v"], ["add", magnet], ["list", "--json"], ["info", "1", "--json"],
        ["session", "--json"], ["check", "--json"],
    ]

    @Test(
        "every output path shows the server's text escaped: list, info, files, the actions, remove, session, stats, check, add, -v, --json",
        arguments: ["classic", "jsonrpc"])
    func everyPath(dialect: String) throws {
        let server = try HostileServer(scenario: Self.scenario(dialect))
        let home = CLIHome(bed: try TestBed.shared)
        for command in Self.commands {
            let result = try home.runRaw(command + ["--server", server.url()])
            #expect(result.status == 0, "\(command): \(result.text)")
            #expect(result.leaks.isEmpty, "\(command): \(result.leaks)")
            let json = command.contains("--json")
            if !json, command != ["stats"] {
                #expect(result.text.contains("^[]0;pwned^G"), "\(command) shows no server text: \(result.text)")
            }
        }
    }

    @Test(
        "--json keeps the exact text: the escaped strings decode to what the server sent",
        arguments: ["classic", "jsonrpc"])
    func jsonExact(dialect: String) throws {
        let server = try HostileServer(scenario: Self.scenario(dialect))
        let home = CLIHome(bed: try TestBed.shared)
        func object(_ command: [String]) throws -> [String: Any] {
            let result = try home.runRaw(command + ["--json", "--server", server.url()])
            #expect(result.leaks.isEmpty, "\(command): \(result.leaks)")
            return try #require(try JSONSerialization.jsonObject(with: result.out) as? [String: Any], "\(command)")
        }
        let list = try object(["list"])
        let first = try #require((list["torrents"] as? [[String: Any]])?.first)
        #expect(first["name"] as? String == "N" + Self.poison)
        #expect(first["labels"] as? [String] == ["L" + Self.poison])
        let info = try object(["info", "1", "--files"])
        #expect(info["name"] as? String == "N" + Self.poison)
        #expect(info["downloadDir"] as? String == "/D" + Self.poison)
        let session = try object(["session"])
        #expect(session["version"] as? String == "V" + Self.poison)
        #expect(session["downloadDir"] as? String == "/dl" + Self.poison)
    }

    /// Error texts of server origin: a classic `result`, a JSON-RPC `error.message`/`errorString`,
    /// HTTP bodies quoted as snippets (500, 403, 421, 502).
    static var errors: [(name: String, scenario: [String: Any], status: Int32)] {
        [
            ("classic result", ["default": ["result": "R" + poison]], 6),
            (
                "JSON-RPC error",
                [
                    "dialect": "jsonrpc",
                    "default": [
                        "error": ["code": -32000, "message": "J" + poison, "data": ["errorString": "D" + poison]]
                    ],
                ], 6
            ),
            (
                "JSON-RPC error message only",
                ["dialect": "jsonrpc", "default": ["error": ["code": 1, "message": "J" + poison]]], 6
            ),
            ("HTTP 500", ["default": ["status": 500, "body": "<h1>" + poison + "</h1>"]], 1),
            ("HTTP 403", ["default": ["status": 403, "body": poison]], 6),
            ("HTTP 421", ["default": ["status": 421, "body": poison]], 6),
            ("HTTP 502", ["default": ["status": 502, "body": poison]], 3),
        ]
    }

    @Test("error strings and HTTP bodies of the server are shown escaped, with -v too", arguments: 0..<7)
    func errorTexts(index: Int) throws {
        let (name, scenario, status) = Self.errors[index]
        let server = try HostileServer(scenario: scenario)
        let home = CLIHome(bed: try TestBed.shared)
        for command in [["list"], ["list", "-v"], ["info", "1"], ["stop", "all"], ["stats"], ["add", Self.magnet]] {
            let result = try home.runRaw(command + ["--server", server.url()])
            #expect(result.status == status, "\(name) \(command): \(result.text)")
            #expect(result.leaks.isEmpty, "\(name) \(command): \(result.leaks)")
            #expect(result.text.contains("]0;pwned"), "\(name) \(command): \(result.text)")
        }
    }

    @Test("check words an RPC error of session-get and an HTTP error body escaped, in text and --json")
    func checkErrors() throws {
        let home = CLIHome(bed: try TestBed.shared)
        for scenario: [String: Any] in [
            ["methods": ["session-get": ["result": "R" + Self.poison]]],
            ["methods": ["session-get": ["status": 500, "body": Self.poison]]],
        ] {
            let server = try HostileServer(scenario: scenario)
            for json in [false, true] {
                let result = try home.runRaw(["check", server.url()] + (json ? ["--json"] : []))
                #expect(result.status != 0 && result.status < 128, "\(result.text)")
                #expect(result.leaks.isEmpty, "\(result.leaks)")
                #expect(result.text.contains("]0;pwned"), "\(result.text)")
            }
        }
    }

    @Test("a saved server: connect, check NAME, check --all's summary line (the version), servers list, log")
    func savedServer() throws {
        let server = try HostileServer(scenario: Self.scenario("classic"))
        let home = CLIHome(bed: try TestBed.shared)
        for command in [
            ["connect", server.url(), "--name", "evil"], ["check", "evil"], ["check", "--all"],
            ["check", "--all", "--json"],
            ["servers", "list"], ["list", "evil"], ["log"], ["log", "--json"],
        ] {
            let result = try home.runRaw(command)
            #expect(result.status == 0, "\(command): \(result.text)")
            #expect(result.leaks.isEmpty, "\(command): \(result.leaks)")
        }
        let all = try home.runRaw(["check", "--all"])
        #expect(all.text.contains("Transmission V" + Hostile.shown), "\(all.text)")
        let log = try home.runRaw(["log", "--server", "evil"])
        #expect(log.text.contains("Transmission V" + Hostile.shown), "\(log.text)")
    }

    @Test("header values: a session id and an X-Transmission-Rpc-Version with ESC/OSC, in check, session and -v")
    func headers() throws {
        let server = try HostileServer(scenario: [
            "dialect": "jsonrpc", "rpcVersion": "6.0.1\u{1B}]0;pwned\u{07}",
            "sessionId": "sess\u{1B}]0;pwned\u{07}ion-long-enough",
            "methods": ["torrent-get": ["arguments": ["torrents": [Self.torrent(1)]]]],
        ])
        let home = CLIHome(bed: try TestBed.shared)
        for command in [["check"], ["check", "-v"], ["session"], ["list", "-v"], ["check", "--json"]] {
            let result = try home.runRaw(command + ["--server", server.url()])
            #expect(result.status == 0, "\(command): \(result.text)")
            #expect(result.leaks.isEmpty, "\(command): \(result.leaks)")
        }
        let check = try home.runRaw(["check", "--server", server.url()])
        #expect(check.text.contains("(6.0.1^[]0;pwned^G)"), "\(check.text)")
    }

    @Test(
        "add: the name of an added torrent (magnet and .torrent file) is shown escaped",
        arguments: ["classic", "jsonrpc"])
    func added(dialect: String) throws {
        let key = dialect == "jsonrpc" ? "torrent_added" : "torrent-added"
        let server = try HostileServer(scenario: [
            "dialect": dialect,
            "methods": ["torrent-add": ["arguments": [key: ["id": 7, "name": "N" + Self.poison, "hashString": "H"]]]],
        ])
        let home = CLIHome(bed: try TestBed.shared)
        let directory = TemporaryDirectory()
        let file = directory.file("a.torrent")
        try Data("d4:infod4:name1:a6:lengthi1e12:piece lengthi16384e6:pieces20:aaaaaaaaaaaaaaaaaaaaee".utf8)
            .write(to: URL(fileURLWithPath: file))
        for source in [Self.magnet, file] {
            let result = try home.runRaw(["add", source, "--server", server.url()])
            #expect(result.status == 0, "\(result.text)")
            #expect(result.leaks.isEmpty, "\(result.leaks)")
            #expect(result.text.contains("added 7 N" + Hostile.shown), "\(result.text)")
        }
    }
}
