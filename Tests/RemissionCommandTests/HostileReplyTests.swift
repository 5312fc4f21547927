import Foundation
import TestSupport
import Testing

/// `remission` against `HostileServer` (no test bed): a private XDG home, the run timed, and its
/// peak memory read from GNU time (`/usr/bin/time -v`).
struct HostileRun {
    var status: Int32
    var out: String
    var err: String
    var seconds: Double
    /// Peak resident memory in MB.
    var peakMB: Int
    var all: String { out + err }

    static func remission(_ arguments: [String], timeout: Duration = .seconds(60)) throws -> HostileRun {
        let home = TemporaryDirectory()
        let environment = [
            "HOME": home.path, "REMISSION_CONFIG_HOME": home.file("config"), "REMISSION_CACHE_HOME": home.file("cache"),
            "REMISSION_STATE_HOME": home.file("state"), "TR_AUTH": "", "NO_COLOR": "1",
        ]
        let started = Date()
        let result = try ProcessRunner.run(
            "/usr/bin/time", args: ["-v", TestBed.builtProduct("remission")] + arguments, env: environment,
            timeout: timeout)
        let seconds = Date().timeIntervalSince(started)
        let err = result.stderrText
        let marker = "Maximum resident set size (kbytes): "
        let kilobytes = err.components(separatedBy: "\n").first { $0.contains(marker) }
            .flatMap { Int($0.components(separatedBy: marker).last ?? "") }
        let ownErr = err.components(separatedBy: "\n").filter { !$0.hasPrefix("\t") && !$0.hasPrefix("Command ") }
        return HostileRun(
            status: result.status, out: result.stdoutText, err: ownErr.joined(separator: "\n"), seconds: seconds,
            peakMB: (kilobytes ?? Int.max / 1024) / 1024)
    }
}

/// A `torrent-get` reply of `prefix` + `unit` × `count` + `suffix` (a list in table format by default).
func generatedList(
    unit: String, count: Int, prefix: String = #"{"arguments":{"torrents":[["id"],"#,
    suffix: String = #"[0]]},"result":"success"}"#, contentLength: Any? = nil
) -> [String: Any] {
    var reply: [String: Any] = ["generate": ["prefix": prefix, "unit": unit, "count": count, "suffix": suffix]]
    if let contentLength { reply["contentLength"] = contentLength }
    return ["methods": ["torrent-get": reply]]
}

@Suite("Hostile replies: the size cap and the parse budget (process, HostileServer)", .serialized)
struct HostileReplySizeTests {
    @Test("a reply announcing 200 MB is refused from its Content-Length, once, before its body is read")
    func announcedOverCap() throws {
        let server = try HostileServer(scenario: generatedList(unit: "[0],", count: 50_000_000))
        let run = try HostileRun.remission(["list", server.url()])
        #expect(run.status == 1, "\(run.all)")
        #expect(
            run.err.contains("the answer is larger than 134 MB, remission's limit (it announced 200 MB)"), "\(run.all)")
        #expect(run.err.contains("it was not read") && run.err.contains("hint: "), "\(run.all)")
        // The version probe (409, then answered), then the one request: an oversized answer is not
        // asked for again.
        #expect(server.requestCount == 3, "\(String(decoding: server.receivedLog, as: UTF8.self).prefix(2000))")
        #expect(server.requestCount(containing: "torrent-get") == 1)
        #expect(run.peakMB < 100, "peak \(run.peakMB) MB")
        #expect(run.seconds < 5, "took \(run.seconds) s")
    }

    @Test("a reply without Content-Length stops at the cap while streaming, once")
    func streamedOverCap() throws {
        let server = try HostileServer(scenario: generatedList(unit: "[0],", count: 50_000_000, contentLength: "none"))
        let run = try HostileRun.remission(["list", server.url()])
        #expect(run.status == 1, "\(run.all)")
        #expect(run.err.contains("larger than 134 MB, remission's limit; reading stopped there"), "\(run.all)")
        #expect(server.requestCount == 3)
        #expect(server.requestCount(containing: "torrent-get") == 1)
        // The body grows to the cap (128 MiB, by doubling: briefly 64 + 128 MiB), no further.
        #expect(run.peakMB < 350, "peak \(run.peakMB) MB")
    }

    @Test(
        "100 MB of tiny values under the cap: refused by the parse budget, peak memory under 10x the reply",
        arguments: [
            ("list", "[0],"), ("list", "[],"), ("list", "\"\","), ("info", "{},"), ("session", "[[]],"),
        ])
    func tinyValues(command: String, unit: String) throws {
        let count = 100_000_000 / unit.utf8.count
        let scenario: [String: Any]
        switch command {
        case "session":
            scenario = [
                "methods": [
                    "session-get": [
                        "generate": [
                            "prefix": #"{"arguments":{"rpc-version":17,"x":["#, "unit": unit, "count": count,
                            "suffix": #"0]},"result":"success"}"#,
                        ]
                    ]
                ]
            ]
        case "info":
            scenario = generatedList(
                unit: unit, count: count, prefix: #"{"arguments":{"torrents":["#,
                suffix: #"{"id":1}]},"result":"success"}"#)
        default:
            scenario = generatedList(unit: unit, count: count)
        }
        let server = try HostileServer(scenario: scenario)
        let arguments = command == "info" ? ["info", "1", "--server", server.url()] : [command, server.url()]
        let run = try HostileRun.remission(arguments)
        #expect(run.status == 1, "\(run.all)")
        #expect(run.err.contains("would need more than") && run.err.contains("of memory to read"), "\(run.all)")
        #expect(run.peakMB < 1000, "peak \(run.peakMB) MB for a 100 MB reply")
        // session asks session-get itself (the 409, then the answer); the others probe the version first.
        #expect(server.requestCount == (command == "session" ? 2 : 3))
        if command != "session" { #expect(server.requestCount(containing: "torrent-get") == 1) }
    }
}
