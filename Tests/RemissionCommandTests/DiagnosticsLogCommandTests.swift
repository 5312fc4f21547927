import Foundation
import TestSupport
import Testing

/// Issue 16's local diagnostics log, through the real binary against the real test bed (daemons,
/// a private keyring holding the password).
@Suite("remission log: the local diagnostics log (process, real daemons, private keyring)")
struct DiagnosticsLogCommandTests {
    var logFile: (ServersWorld) -> String = { $0.home + "/state/diagnostics.log" }

    /// `log --json`'s records.
    func records(_ world: ServersWorld, _ arguments: [String] = []) throws -> [[String: Any]] {
        let result = try world.remission(["log", "--json"] + arguments)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["skipped"] as? Int == 0)
        return try #require(object["records"] as? [[String: Any]])
    }

    /// The daemon's current session id, as its 409 gives it to anyone.
    func sessionId(_ url: String, credentials: String) throws -> String {
        let result = try ProcessRunner.run(
            "/usr/bin/curl", args: ["-s", "-u", credentials, "-o", "/dev/null", "-D", "-", url], timeout: .seconds(10))
        let line = try #require(
            result.stdoutText.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-transmission-session-id:") }
        )
        return line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
    }

    @Test("a succeeding and a failing check are recorded with their steps; no secret reaches the log")
    func checksAndSecrets() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let ok = try world.remission(["check", "nas"])
        #expect(ok.status == 0, "\(ok.out)\(ok.err)")
        let closed = "http://127.0.0.1:\(world.bed.closedPort)/transmission/rpc"
        let refused = try world.remission(["check", closed])
        #expect(refused.status == 3)
        let wrong = "Wr0ng-\(UUID().uuidString)"
        let unauthorized = try world.remission(
            ["check", world.bed.daemonURL(), "--user", world.bed.user, "--password-stdin"], input: wrong + "\n")
        #expect(unauthorized.status == 4)
        #expect(try world.remission(["list", "nas"]).status == 0)
        #expect(try world.remission(["-v", "session", "nas"]).status == 0)
        if world.bed.hasModern {
            let modern = try world.remission(
                ["check", world.bed.daemonURL(.modern)], extra: ["TR_AUTH": world.bed.credentials])
            #expect(modern.status == 0, "\(modern.out)\(modern.err)")
        }

        let all = try records(world)
        #expect(
            all.map { $0["command"] as? String } == ["connect", "check", "check", "check", "list", "session"]
                + (world.bed.hasModern ? ["check"] : []))
        let good = all[1]
        #expect(good["server"] as? String == "nas" && good["outcome"] as? String == "ok")
        #expect(good["exitCode"] as? Int == 0 && good["failedStep"] is NSNull && good["failureClass"] is NSNull)
        let steps = (good["steps"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(steps.filter { $0 != "tls" } == ["dns", "tcp", "http", "total"])
        #expect((good["version"] as? String)?.hasPrefix("3.00") == true)
        #expect(good["dialect"] as? String == "classic" && good["rpcVersion"] as? Int == 16)
        let bad = all[2]
        #expect(bad["server"] as? String == closed && bad["outcome"] as? String == "failed")
        #expect(bad["exitCode"] as? Int == 3 && bad["failedStep"] as? String == "tcp")
        #expect(bad["failureClass"] as? String == "refused")
        #expect(all[3]["failedStep"] as? String == "auth" && all[3]["failureClass"] as? String == "unauthorized")
        #expect(all[4]["dialect"] as? String == "classic" && all[4]["exitCode"] as? Int == 0)
        #expect((all[5]["version"] as? String)?.hasPrefix("3.00") == true)
        if world.bed.hasModern {
            #expect(
                all[6]["dialect"] as? String == "jsonrpc" && (all[6]["version"] as? String)?.hasPrefix("4.1") == true)
        }

        let text = try world.remission(["log"])
        #expect(text.status == 0)
        #expect(text.out.contains("check  nas") || text.out.contains("check    nas"))
        #expect(text.out.contains("OFFLINE (3) at tcp: refused"))
        #expect(text.out.contains("AUTH FAILED (4) at auth: unauthorized"))
        #expect(text.out.contains("Transmission 3.00"))

        let directory = try FileManager.default.attributesOfItem(atPath: world.home + "/state")
        #expect(directory[.posixPermissions] as? Int == 0o700)
        let file = try FileManager.default.attributesOfItem(atPath: logFile(world))
        #expect(file[.posixPermissions] as? Int == 0o600)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: logFile(world)))
        let content = String(decoding: bytes, as: UTF8.self)
        let basic = Data("\(world.bed.user):\(world.bed.password)".utf8).base64EncodedString()
        for secret in [world.bed.password, basic, wrong, Data("\(world.bed.user):\(wrong)".utf8).base64EncodedString()]
        {
            #expect(!content.contains(secret))
        }
        #expect(!content.contains(try sessionId(world.bed.daemonURL(), credentials: world.bed.credentials)))
        #expect(!content.lowercased().contains("authorization"))
        #expect(!content.lowercased().contains("session-id"))
        if world.bed.hasModern {
            #expect(!content.contains(try sessionId(world.bed.daemonURL(.modern), credentials: world.bed.credentials)))
        }
    }

    @Test("--since, --failures, --server and --json select; a bad duration is a usage error")
    func filters() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let now = Int(Date().timeIntervalSince1970)
        func line(_ age: Int, _ server: String, _ exitCode: Int) -> String {
            #"{"time":\#(now - age),"command":"list","server":"\#(server)","outcome":"\#(exitCode == 0 ? "ok" : "failed")","exitCode":\#(exitCode),"steps":[]}"#
        }
        try FileManager.default.createDirectory(atPath: world.home + "/state", withIntermediateDirectories: true)
        try [line(3 * 86_400, "nas", 3), line(7200, "nas", 0), line(1200, "box", 5), line(60, "nas", 3)]
            .joined(separator: "\n").appending("\n").write(toFile: logFile(world), atomically: false, encoding: .utf8)
        func servers(_ arguments: [String]) throws -> [String] {
            try records(world, arguments).map { "\($0["server"] as? String ?? "?")@\($0["exitCode"] as? Int ?? -1)" }
        }
        #expect(try servers([]) == ["nas@3", "nas@0", "box@5", "nas@3"])
        #expect(try servers(["--since", "1h"]) == ["box@5", "nas@3"])
        #expect(try servers(["--since", "30m"]) == ["box@5", "nas@3"])
        #expect(try servers(["--since", "2d"]) == ["nas@0", "box@5", "nas@3"])
        #expect(try servers(["--failures"]) == ["nas@3", "box@5", "nas@3"])
        #expect(try servers(["--server", "nas", "--failures", "--since", "1w"]) == ["nas@3", "nas@3"])
        let text = try world.remission(["log", "--server", "box"])
        #expect(text.out.split(separator: "\n").count == 1 && text.out.contains("UNTRUSTED (5)"))
        let none = try world.remission(["log", "--server", "other"])
        #expect(none.status == 0 && none.out.isEmpty && none.err.contains("No records match."))
        let bad = try world.remission(["log", "--since", "5x"])
        #expect(bad.status == 2 && bad.err.contains("--since takes a duration like 45s, 30m, 1h, 2d or 1w."))

        // A damaged line is skipped and counted, never fatal.
        let handle = try #require(FileHandle(forWritingAtPath: logFile(world)))
        handle.seekToEndOfFile()
        handle.write(Data("{\"time\":\u{1B}[31m\n".utf8))
        try handle.close()
        let damaged = try world.remission(["log"])
        #expect(damaged.status == 0 && damaged.out.split(separator: "\n").count == 4)
        #expect(damaged.err.contains("1 line of the diagnostics log could not be read and was skipped."))
    }

    /// A damaged line at the ends of Int64 once killed `remission log` with SIGILL (exit 132).
    @Test("times at the ends of Int64 are clamped to 1970…9999 and written in both zones, never trapped on")
    func extremeTimes() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        func line(_ time: String) -> String {
            #"{"time":\#(time),"command":"list","server":"nas","outcome":"ok","exitCode":0,"steps":[]}"#
        }
        try FileManager.default.createDirectory(atPath: world.home + "/state", withIntermediateDirectories: true)
        try [line("-9223372036854775808"), line("9223372036854775807")].joined(separator: "\n").appending("\n")
            .write(toFile: logFile(world), atomically: false, encoding: .utf8)
        let utc = try world.remission(["log", "--utc"])
        #expect(utc.status == 0, "\(utc.out)\(utc.err)")
        let lines = utc.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("1970-01-01 00:00:00 UTC"), "\(utc.out)")
        #expect(lines.count == 2 && lines[1].hasPrefix("9999-12-31 23:59:59 UTC"), "\(utc.out)")
        for zone in ["UTC", "Europe/Berlin", "Asia/Tokyo"] {
            let local = try world.remission(["log"], extra: ["TZ": zone])
            #expect(
                local.status == 0 && local.out.split(separator: "\n").count == 2, "\(zone): \(local.out)\(local.err)")
        }
        #expect(try records(world).map { $0["time"] as? Int } == [0, 253_402_300_799])
    }

    @Test("--clear empties the log; REMISSION_LOG=off records nothing")
    func clearAndOff() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let closed = "http://127.0.0.1:\(world.bed.closedPort)/transmission/rpc"
        #expect(try world.remission(["check", closed]).status == 3)
        #expect(try records(world).count == 1)
        let cleared = try world.remission(["log", "--clear"])
        #expect(cleared.status == 0 && cleared.err.contains("The diagnostics log is empty now."))
        #expect(!FileManager.default.fileExists(atPath: logFile(world)))
        let empty = try world.remission(["log"])
        #expect(empty.status == 0 && empty.err.contains("The diagnostics log is empty."))

        let off = ["REMISSION_LOG": "off"]
        #expect(try world.remission(["check", closed], extra: off).status == 3)
        #expect(try world.remission(["list", closed], extra: off).status == 3)
        #expect(!FileManager.default.fileExists(atPath: logFile(world)))
        let said = try world.remission(["log"], extra: off)
        #expect(said.err.contains("REMISSION_LOG=off: nothing new is recorded."))
    }

    @Test("a server text that does not resolve never reaches the log as typed: no password in any form")
    func unresolvedTextKeepsNoPassword() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let secret = "S3cretPW\(UUID().uuidString.prefix(8))"
        let port = world.bed.closedPort
        let texts = [
            "tester:\(secret)@127.0.0.1:\(port)",
            "http://tester:\(secret)@127.0.0.1:\(port)/transmission/rpc",
            "tester:\(secret)%40x@127.0.0.1:\(port)",
            "tester%3A\(secret)%40127.0.0.1:\(port)",
            "http://127.0.0.1:\(port)/transmission/rpc?password=\(secret)",
            "http://127.0.0.1:\(port)/transmission/rpc#\(secret)",
        ]
        for text in texts {
            let result = try world.remission(["check", text])
            #expect(result.status != 0, "\(text): \(result.out)\(result.err)")
        }
        let log = try String(contentsOfFile: logFile(world), encoding: .utf8)
        #expect(log.split(separator: "\n").count == texts.count, "\(log)")
        #expect(!log.contains(secret), "\(log)")
        #expect(!log.lowercased().contains("tester"), "\(log)")
    }

    @Test("check points at the log after failures in the last hour")
    func checkPointsAtTheLog() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let closed = "http://127.0.0.1:\(world.bed.closedPort)/transmission/rpc"
        let first = try world.remission(["check", closed])
        #expect(first.status == 3 && !first.err.contains("in the last hour"))
        _ = try world.remission(["check", closed])
        let third = try world.remission(["check", closed])
        #expect(third.err.contains("offline 3 times in the last hour: remission log --server \(closed)"))
        #expect(!third.out.contains("in the last hour"), "stdout stays the report")
        // --server resolves as other commands do: a bare host:port is the URL the records carry.
        #expect(try records(world, ["--server", closed]).count == 3)
        #expect(try records(world, ["--server", "127.0.0.1:\(world.bed.closedPort)"]).count == 3)
    }

    @Test("past failures are not shown under a server that is ONLINE now, only under one that fails")
    func noHistoryUnderOnline() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let wrong = ["TR_AUTH": world.bed.user + ":wrong password"]
        for _ in 0..<2 {
            let failed = try world.remission(["check", "nas"], extra: wrong)
            #expect(failed.status == 4, "\(failed.out)\(failed.err)")
        }
        let online = try world.remission(["check", "nas"])
        #expect(online.status == 0 && online.out.contains("ONLINE"), "\(online.out)\(online.err)")
        #expect(!online.err.contains("in the last hour"), "\(online.err)")
        let all = try world.remission(["check", "--all"])
        #expect(all.status == 0 && !all.err.contains("in the last hour"), "\(all.err)")
        let again = try world.remission(["check", "nas"], extra: wrong)
        #expect(again.err.contains("failed 3 times in the last hour: remission log --server nas"), "\(again.err)")
    }

    @Test("concurrent processes and check --all's threads write whole records")
    func concurrentWriters() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        for name in ["a", "b", "c"] {
            let closed = "http://127.0.0.1:\(world.bed.closedPort)/\(name)/rpc"
            let saved = try world.remission(["connect", closed, "--name", name, "--save-offline"])
            #expect(saved.status == 3, "\(saved.out)\(saved.err)")
        }
        let processes = 6
        DispatchQueue.concurrentPerform(iterations: processes) { index in
            _ = try? world.remission(index % 2 == 0 ? ["check", "--all"] : ["list", "nas"])
        }
        let all = try records(world)
        #expect(all.count == 4 + (processes / 2) * 4 + processes / 2)
        #expect(all.filter { $0["command"] as? String == "check" }.count == (processes / 2) * 4)
    }

    @Test("the size bound holds: a full file is rotated to diagnostics.log.1, one previous file kept")
    func rotation() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let now = Int(Date().timeIntervalSince1970)
        let line = #"{"time":\#(now),"command":"list","server":"old","outcome":"ok","exitCode":0,"steps":[]}"# + "\n"
        let full = String(repeating: line, count: 999_900 / line.utf8.count)
        try FileManager.default.createDirectory(atPath: world.home + "/state", withIntermediateDirectories: true)
        try full.write(toFile: logFile(world), atomically: false, encoding: .utf8)
        try full.write(toFile: logFile(world) + ".1", atomically: false, encoding: .utf8)
        let closed = "http://127.0.0.1:\(world.bed.closedPort)/transmission/rpc"
        for _ in 0..<3 { _ = try world.remission(["check", closed]) }
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        #expect(size(logFile(world)) < 4096)
        #expect(size(logFile(world) + ".1") <= 1_000_000)
        #expect(!FileManager.default.fileExists(atPath: logFile(world) + ".2"))
        let attributes = try FileManager.default.attributesOfItem(atPath: logFile(world))
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let all = try records(world)
        #expect(all.filter { $0["server"] as? String == closed }.count == 3)
    }

    @Test("torrent commands record the ids they acted on, never a name", arguments: daemonMatrix)
    func torrentIds(daemon: TestBed.Daemon) throws {
        let fixture = try CLITorrentFixture(bed: try TestBed.shared, tag: "log", daemon: daemon)
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        #expect(try fixture.run(["info", String(id)]).status == 0)
        #expect(try fixture.run(["stop", String(id)]).status == 0)
        #expect(try fixture.run(["list"]).status == 0)
        let log = try fixture.home.run(["log", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(log.out.utf8)) as? [String: Any])
        let records = try #require(object["records"] as? [[String: Any]])
        #expect(records.map { $0["command"] as? String } == ["add", "info", "stop", "list"])
        #expect(records.map { $0["torrents"] as? [Int] } == [[id], [id], [id], []])
        #expect(Set(records.compactMap { $0["dialect"] as? String }) == [daemon == .main ? "classic" : "jsonrpc"])
        let content = try String(contentsOfFile: fixture.home.directory + "/state/diagnostics.log", encoding: .utf8)
        #expect(!content.contains(fixture.name) && !content.contains("payload"))
        let text = try fixture.home.run(["log"])
        #expect(text.out.contains("torrents \(id)"))
    }
}
