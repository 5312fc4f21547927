import Foundation
import TestSupport
import Testing

/// The new session fields, port-test, blocklist update and groups against a server whose every text
/// carries `Hostile.poison`: shown escaped, never raw; `--json` keeps the exact text.
@Suite("session fields, port-test, blocklist, groups: hostile text escaped (process, hostile server)")
struct RemoteToolsHostileTests {
    static let poison = Hostile.poison

    static func scenario(_ dialect: String) -> [String: Any] {
        let jsonRPC = dialect == "jsonrpc"
        func key(_ name: String) -> String { jsonRPC ? name.replacingOccurrences(of: "-", with: "_") : name }
        let p = poison
        let session: [String: Any] = [
            key("rpc-version"): jsonRPC ? 18 : 17, key("rpc-version-minimum"): 14, "version": "V" + p,
            key("download-dir"): "/dl" + p, key("incomplete-dir"): "/inc" + p, key("incomplete-dir-enabled"): true,
            key("script-torrent-done-filename"): "/s" + p, key("script-torrent-done-enabled"): true,
            key("blocklist-url"): "http://b" + p, key("peer-port"): 51413, "encryption": "E" + p,
        ]
        let group: [String: Any] = [
            "name": "G" + p, key("speed-limit-down"): 10, key("speed-limit-down-enabled"): true,
            key("speed-limit-up"): 5, key("speed-limit-up-enabled"): false,
            (jsonRPC ? "honors_session_limits" : "honorsSessionLimits"): true,
        ]
        let refusal: [String: Any] =
            jsonRPC ? ["error": ["code": 8, "message": "P" + p]] : ["result": "P" + p]
        return [
            "dialect": dialect,
            "methods": [
                "session-get": ["arguments": session],
                "group-get": ["arguments": ["group": [group]]],
                "port-test": refusal,
                "blocklist-update": refusal,
            ],
        ]
    }

    @Test(
        "every path escapes the server's words; port-test and blocklist refusals exit 6",
        arguments: ["classic", "jsonrpc"])
    func escaped(dialect: String) throws {
        let server = try HostileServer(scenario: Self.scenario(dialect))
        let home = CLIHome(bed: try TestBed.shared)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let commands: [([String], Int32)] = [
            (["session"], 0), (["groups"], 0), (["groups", "set", "G", "--down-limit", "10"], 0),
            (["port-test"], 6), (["blocklist", "update"], 6),
        ]
        for (command, status) in commands {
            let result = try home.runRaw(command + ["--server", server.url()])
            #expect(result.status == status, "\(command): \(result.text)")
            #expect(result.leaks.isEmpty, "\(command): \(result.leaks)")
            #expect(result.text.contains("^[]0;pwned^G"), "\(command) shows no server text: \(result.text)")
        }
        func object(_ command: [String]) throws -> [String: Any] {
            let result = try home.runRaw(command + ["--json", "--server", server.url()])
            #expect(result.leaks.isEmpty, "\(command): \(result.leaks)")
            return try #require(try JSONSerialization.jsonObject(with: result.out) as? [String: Any], "\(command)")
        }
        let session = try object(["session"])
        #expect((session["incompleteDir"] as? [String: Any])?["path"] as? String == "/inc" + Self.poison)
        #expect((session["doneScript"] as? [String: Any])?["path"] as? String == "/s" + Self.poison)
        #expect((session["blocklist"] as? [String: Any])?["url"] as? String == "http://b" + Self.poison)
        let groups = try object(["groups"])["groups"] as? [[String: Any]]
        #expect(groups?.first?["name"] as? String == "G" + Self.poison)
        let port = try object(["port-test"])["results"] as? [[String: Any]]
        #expect(port?.first?["error"] as? String == "P" + Self.poison)
        #expect(port?.count == (dialect == "jsonrpc" ? 2 : 1))
    }
}
