import Foundation
import RemissionModel
import TestSupport
import Testing

/// URLs the daemon fetches itself (`add URL`, `blocklist update`): a failure says the daemon could not
/// fetch the URL and what to check on its machine, where it said "Transmission refused the request"
/// with "hint: Check the command's arguments" (issue 36). The real daemons fetch from a scripted web
/// server on loopback (a 404, a blocklist) and from a closed port (no answer).
@Suite("URLs the daemon fetches itself: a failure says so (3.00 and 4.1.3)")
struct DaemonFetchCommandTests {
    @Test(
        "add URL: a 404 and no answer name the URL and what to check on the daemon's machine", arguments: daemonMatrix)
    func addURL(daemon: TestBed.Daemon) throws {
        let bed = try TestBed.shared
        let web = try HostileServer(scenario: ["gateway": ["status": 404, "body": "Not Found"]])
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        func add(_ url: String, _ extra: [String] = []) throws -> CLIHome.Result {
            try home.run(["add", url, "--server", bed.daemonURL(daemon)] + extra, env: ["TR_AUTH": bed.credentials])
        }

        let missing = "http://127.0.0.1:\(web.port)/missing.torrent"
        var result = try add(missing)
        #expect(result.status == 6, "\(result.all)")
        #expect(
            result.err.hasPrefix(
                "remission: \(bed.daemonURL(daemon)): the daemon could not fetch \(missing): "
                    + "the web server answered 404 Not Found\nhint: The daemon fetches the URL itself, from its own "
                    + "machine, and got 404: check the URL (curl -I \(missing) on that machine"), "\(result.err)")
        #expect(!result.err.contains("Check the command's arguments"), "\(result.err)")
        #expect(web.requestCount(containing: "GET /missing.torrent") == 1, "the daemon asked for it")

        let closed = "http://127.0.0.1:\(bed.closedPort)/x.torrent"
        result = try add(closed)
        #expect(result.status == 6, "\(result.all)")
        #expect(result.err.contains("the daemon could not fetch \(closed): no answer"), "\(result.err)")
        #expect(result.err.contains("check there that the host name resolves"), "\(result.err)")

        // --json carries the same words.
        result = try add(missing, ["--json"])
        let json = try JSONValue.parse(result.out)
        #expect(json["results"]?[0]?["exitStatus"]?.int == 6, "\(result.out)")
        #expect(json["results"]?[0]?["error"]?.string?.contains("the daemon could not fetch") == true, "\(result.out)")

        result = try home.run(
            ["add", missing, "--server", bed.daemonURL(daemon)],
            env: ["TR_AUTH": bed.credentials, "LANG": "ru_RU.UTF-8"])
        #expect(
            result.err.contains("демон не смог скачать \(missing): веб-сервер ответил 404 Not Found"), "\(result.err)")
    }

    @Test("blocklist update: the blocklist URL named; the hint's command sets one that works, on a private bed")
    func blocklist() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let web = try HostileServer(scenario: ["gateway": ["status": 404, "body": "Not Found"]])
        let list = try HostileServer(scenario: [
            "gateway": ["status": 200, "body": "Test range:10.0.0.1-10.0.0.9\nOther:192.0.2.1-192.0.2.4\n"]
        ])
        let home = CLIHome(bed: own.bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        for daemon in daemonMatrix {
            let server = own.bed.daemonURL(daemon)
            func run(_ arguments: [String]) throws -> CLIHome.Result {
                try home.run(arguments, env: ["TR_AUTH": own.bed.credentials])
            }
            let missing = "http://127.0.0.1:\(web.port)/level1.txt"
            #expect(try run(["session", server, "--blocklist-url", missing]).status == 0)
            let failed = try run(["blocklist", "update", server])
            #expect(failed.status == 6, "\(daemon): \(failed.all)")
            #expect(
                failed.err.contains("the daemon could not fetch \(missing): the web server answered 404 Not Found"),
                "\(daemon): \(failed.err)")
            let command = "remission session \(server) --blocklist-url URL"
            #expect(failed.err.hasSuffix("Change the blocklist URL with: \(command)\n"), "\(daemon): \(failed.err)")

            // The hint's command, with a URL that serves a list: the update then works.
            let good = "http://127.0.0.1:\(list.port)/level1.txt"
            let words = command.replacingOccurrences(of: "URL", with: good).split(separator: " ").dropFirst()
            #expect(try run(words.map(String.init)).status == 0)
            let updated = try run(["blocklist", "update", server, "--json"])
            #expect(updated.status == 0, "\(daemon): \(updated.all)")
            #expect(try JSONValue.parse(updated.out)["rules"]?.int == 2, "\(daemon): \(updated.out)")
        }
    }
}
