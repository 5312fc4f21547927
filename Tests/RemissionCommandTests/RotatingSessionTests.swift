import Foundation
import TestSupport
import Testing

/// Issue "An exchange returns its outcome": a server that issues a new `X-Transmission-Session-Id`
/// after every call, and one that closes the connection before answering a removal.
@Suite("A rotating session id and lost answers (process, HostileServer)")
struct RotatingSessionTests {
    static let hash = String(repeating: "ab", count: 20)

    /// One torrent, with what list, info and files read (classic names).
    static var torrent: [String: Any] {
        [
            "id": 1, "name": "rotating", "hashString": hash, "status": 4, "percentDone": 0.5, "totalSize": 100,
            "sizeWhenDone": 100, "leftUntilDone": 50, "haveValid": 50, "rateDownload": 0, "rateUpload": 0,
            "uploadRatio": 0, "eta": -1, "labels": [String](), "error": 0, "errorString": "",
            "files": [["name": "rotating/a.bin", "length": 100, "bytesCompleted": 50]],
            "fileStats": [["bytesCompleted": 50, "wanted": true, "priority": 0]],
            "priorities": [0], "wanted": [1], "trackerStats": [Any](), "peers": [Any](), "trackers": [Any](),
        ]
    }

    /// rpc-version 16: `add --label` then sets the labels with a torrent-set of its own.
    static func rotating(_ extra: [String: Any] = [:]) -> [String: Any] {
        var methods: [String: Any] = [
            "torrent-get": ["arguments": ["torrents": [torrent]]],
            "torrent-add": ["arguments": ["torrent-added": ["id": 2, "name": "added", "hashString": hash]]],
        ]
        methods.merge(extra) { $1 }
        return [
            "rotateSessionId": true, "methods": methods,
            "version": ["rpc-version": 16, "rpc-version-minimum": 14, "version": "3.00 (rotating)"],
        ]
    }

    /// Each request's RPC method and the session id it carried, in order of arrival.
    static func requests(_ server: HostileServer) -> [(method: String, sessionId: String?)] {
        let text = String(decoding: server.receivedLog, as: UTF8.self)
        return text.components(separatedBy: "=== request ").dropFirst().map { request in
            let method = request.firstMatch(of: /"method":"([a-z_-]+)"/).map { String($0.1) } ?? "?"
            let id = request.firstMatch(of: /(?i)X-Transmission-Session-Id: *([^\r\n]+)/).map { String($0.1) }
            return (method, id)
        }
    }

    static let commands: [[String]] = [
        ["list"], ["remove", "1", "--yes"], ["start", "1"], ["stop", "1"], ["verify", "1"], ["reannounce", "1"],
        ["files", "1", "--priority", "high", "0"], ["add", "magnet:?xt=urn:btih:\(hash)", "--label", "x"],
        ["session", "--down-limit", "100"], ["info", "1"], ["stats"],
    ]

    @Test("every command works against it, with exactly one 409 per call", arguments: commands)
    func oneConflictPerCall(command: [String]) throws {
        let server = try HostileServer(scenario: Self.rotating())
        let run = try HostileRun.remission(command + ["--server", server.url()])
        #expect(run.status == 0, "\(command): \(run.all)")
        #expect(!run.err.contains("409"), "\(run.all)")
        let requests = Self.requests(server)
        // Each call is sent twice: with the spent id (answered 409), then with the id that 409 gave.
        #expect(requests.count >= 4 && requests.count % 2 == 0, "\(requests)")
        for pair in stride(from: 0, to: requests.count - 1, by: 2) {
            let (first, second) = (requests[pair], requests[pair + 1])
            #expect(first.method == second.method, "\(command): \(requests)")
            #expect(second.sessionId != nil && first.sessionId != second.sessionId, "\(command): \(requests)")
        }
        #expect(requests.first?.method == "session-get")
    }

    @Test("JSON-RPC (4.1) too: remove and list")
    func jsonRPC() throws {
        for command in [["remove", "1", "--yes"], ["list"]] {
            let server = try HostileServer(scenario: [
                "dialect": "jsonrpc", "rotateSessionId": true,
                "methods": [
                    "torrent-get": ["arguments": ["torrents": [["id": 1, "name": "r", "hash_string": Self.hash]]]]
                ],
            ])
            let run = try HostileRun.remission(command + ["--server", server.url()])
            #expect(run.status == 0, "\(command): \(run.all)")
            let methods = Self.requests(server).map(\.method)
            let calls = stride(from: 0, to: methods.count, by: 2).map { methods[$0] }
            let expected =
                command == ["list"]
                ? ["session-get", "torrent_get"] : ["session-get", "torrent_get", "torrent_remove"]
            #expect(calls == expected, "\(methods)")
            #expect(methods.count == expected.count * 2, "\(methods)")
        }
    }

    @Test("a removal whose connection closes before the answer reaches the server once (a new connection)")
    func removalNotReplayed() throws {
        // torrent-get's answer closes its connection, so the removal goes on a new one: no resend of
        // the transport's own (that is for a kept connection the server had closed) can hide a replay.
        let server = try HostileServer(scenario: [
            "methods": [
                "torrent-get": ["arguments": ["torrents": [Self.torrent]], "contentLength": "none"],
                "torrent-remove": ["close": true],
            ]
        ])
        let run = try HostileRun.remission(["remove", "1", "--yes", "--server", server.url()])
        #expect(run.status != 0, "\(run.all)")
        #expect(server.requestCount(containing: "torrent-remove") == 1, "\(run.all)")
        // An idempotent request is still retried: list's torrent-get, closed the same way.
        let lists = try HostileServer(scenario: ["methods": ["torrent-get": ["close": true]]])
        let list = try HostileRun.remission(["list", "--server", lists.url()])
        #expect(list.status != 0, "\(list.all)")
        #expect(lists.requestCount(containing: "torrent-get") >= 3, "\(list.all)")
    }

    @Test("a removal on a kept connection closed before the answer reaches the server once")
    func removalNotReplayedOnKeptConnection() throws {
        let server = try HostileServer(scenario: [
            "methods": ["torrent-get": ["arguments": ["torrents": [Self.torrent]]], "torrent-remove": ["close": true]]
        ])
        let run = try HostileRun.remission(["remove", "1", "--yes", "--server", server.url()])
        #expect(run.status != 0, "\(run.all)")
        #expect(server.requestCount(containing: "torrent-remove") == 1, "\(run.all)")
    }
}
