import Foundation
import TestSupport
import Testing

/// Issue 12: every command that talks to a daemon refuses rpc-version < 14 with exit 6 and `check`'s
/// words, and sends nothing but the small `session-get` that asked.
@Suite("rpc-version 13 is refused by every command (process, hostile server)")
struct OldServerTests {
    static let words = "rpc-version 13 is too old (remission needs 14 or later)"
    static let hint = "Upgrade Transmission on the server to 2.40 or later."

    static func server(_ dialect: String = "classic") throws -> HostileServer {
        try HostileServer(scenario: [
            "dialect": dialect,
            "version": ["rpc-version": 13, "rpc-version-minimum": 1, "version": "2.33 (old)"],
            "methods": ["torrent-get": ["arguments": ["torrents": [["id": 1, "name": "t"]]]]],
        ])
    }

    /// The methods the server received, in order.
    static func methods(_ server: HostileServer) -> [String] {
        let log = String(decoding: server.receivedLog, as: UTF8.self)
        return log.components(separatedBy: #""method":"#).dropFirst().compactMap {
            $0.drop { $0 == " " || $0 == "\"" }.split(separator: "\"").first.map(String.init)
        }
    }

    @Test(
        "list, info, add (magnet and file), start, stop, verify, reannounce, remove, session, stats, files: exit 6, check's words, only session-get sent",
        arguments: ["classic", "jsonrpc"])
    func refused(dialect: String) throws {
        let home = CLIHome(bed: try TestBed.shared)
        let torrentFile = TemporaryDirectory()
        let file = torrentFile.file("a.torrent")
        try Data("d4:infod4:name1:a6:lengthi1e12:piece lengthi16384e6:pieces20:aaaaaaaaaaaaaaaaaaaaee".utf8)
            .write(to: URL(fileURLWithPath: file))
        let old = try Self.server(dialect)
        let check = try home.run(["check", old.url()])
        #expect(check.status == 6)
        #expect(check.out.contains(Self.words), "\(check.all)")
        #expect(check.all.contains(Self.hint))
        for command in [
            ["list"], ["list", "--json"], ["info", "1"],
            ["add", "magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567"],
            ["add", file], ["start", "1"], ["stop", "all"], ["verify", "1"], ["reannounce", "1"], ["remove", "1"],
            ["remove", "1", "--delete-data", "--yes"], ["session"], ["session", "--down-limit", "10"], ["stats"],
            ["files", "1"], ["files", "1", "--priority", "high", "0"],
        ] {
            let server = try Self.server(dialect)
            let result = try home.run(command + ["--server", server.url()])
            #expect(result.status == 6, "\(command): \(result.all)")
            #expect(result.err.contains(server.url() + ": " + Self.words), "\(command): \(result.all)")
            #expect(result.err.contains("hint: " + Self.hint), "\(command): \(result.all)")
            let sent = Self.methods(server)
            #expect(
                !sent.isEmpty && sent.allSatisfy { $0 == "session-get" || $0 == "session_get" }, "\(command): \(sent)")
        }
    }

    @Test("watch on a terminal: exit 6 with check's words, nothing but session-get sent")
    func watch() throws {
        let home = CLIHome(bed: try TestBed.shared)
        let server = try Self.server()
        let (status, output) = try home.runOnTerminalRaw(["watch", "--server", server.url()], keys: ["q"])
        let text = String(decoding: output, as: UTF8.self)
        #expect(status == 6, "\(text)")
        #expect(text.contains(Self.words), "\(text)")
        #expect(Self.methods(server).allSatisfy { $0 == "session-get" })
    }

    @Test("rpc-version 14 is enough: list goes on after the small session-get")
    func fourteen() throws {
        let home = CLIHome(bed: try TestBed.shared)
        let server = try HostileServer(scenario: [
            "version": ["rpc-version": 14, "version": "2.40"],
            "methods": ["torrent-get": ["arguments": ["torrents": [["id": 1, "name": "fourteen"]]]]],
        ])
        let result = try home.run(["list", "--server", server.url()])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("fourteen"))
        #expect(Self.methods(server) == ["session-get", "session-get", "torrent-get"])
    }

    @Test("odd rpc-versions (-1, a string, null, 1e300): list and stats end as check does, same words and status")
    func oddVersions() throws {
        let home = CLIHome(bed: try TestBed.shared)
        for value: Any in [-1, "17", NSNull(), 1e300] {
            let server = try HostileServer(scenario: ["version": ["rpc-version": value, "version": "odd"]])
            let check = try home.run(["check", server.url()])
            let failed = try #require(
                check.out.split(separator: "\n").first { $0.contains("FAIL rpc") }, "\(check.all)")
            let reason = failed.replacingOccurrences(of: "  FAIL rpc   ", with: "").components(separatedBy: "  ")[0]
            for command in [["list"], ["stats"]] {
                let result = try home.run(command + ["--server", server.url()])
                #expect(result.status == check.status, "\(value) \(command): \(result.all)")
                #expect(
                    result.err.contains(server.url() + ": " + reason), "\(value) \(command): \(result.all) / \(reason)")
            }
        }
    }
}
