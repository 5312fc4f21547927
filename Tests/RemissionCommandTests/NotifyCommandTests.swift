import Foundation
import TestSupport
import Testing

/// `remission notify` end to end: the real binary and daemons, a notification server on a private
/// session bus (`NotificationBus`), and an --exec command that records its standard input.
@Suite("remission notify (process, real daemons, private session bus)", .serialized)
struct NotifyCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// A torrent name with markup, a terminal escape, a bidi override and two scripts.
    static let hostileName = "<b>done<i> & \u{1B}[31mred \u{202E}txt.exe Русский 中文"

    @Test(
        "a torrent that completes, then loses its data: one notification each, name made safe, no repeats",
        arguments: daemonMatrix)
    func completion(daemon: TestBed.Daemon) throws {
        let bus = try NotificationBus.start()
        defer { bus.stop() }
        let fixture = try CLITorrentFixture(bed: bed, tag: "notify", daemon: daemon)
        defer { fixture.cleanUp() }
        let missing = fixture.root + "-missing"
        try FileManager.default.createDirectory(atPath: missing, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: missing) }
        let added = try fixture.run(["add", fixture.torrentFile, "--download-dir", missing, "--paused"])
        let id = try #require(CLITorrentFixture.addedId(added.out), "\(added.all)")
        fixture.addedIds.append(id)
        let renamed = try fixture.run(["rename", String(id), Self.hostileName])
        #expect(renamed.status == 0, "\(renamed.all)")

        let exec = fixture.home.directory + "/events.jsonl"
        let env = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        func runNotify() throws -> CLIHome.Result {
            try fixture.home.run(
                ["notify", "--once", "--exec", "cat >> '\(exec)'", "--server", bed.daemonURL(daemon)],
                env: env.merging(["TR_AUTH": bed.credentials]) { _, new in new })
        }
        // The first run records the unfinished torrent and reports nothing.
        let first = try runNotify()
        #expect(first.status == 0, "\(first.all)")
        #expect(bus.notifications().isEmpty, "\(bus.notifications())")

        // While notify is not running, the data appears and a verification completes the torrent.
        try FileManager.default.moveItem(atPath: fixture.dataPath, toPath: missing + "/" + Self.hostileName)
        let verified = try fixture.run(["verify", String(id)])
        #expect(verified.status == 0, "\(verified.all)")
        #expect(
            try eventuallyTrue(seconds: 30) {
                (try fixture.info(id)?["percentDone"] as? Double ?? 0) >= 1
            })

        let second = try runNotify()
        #expect(second.status == 0, "\(second.all)")
        let shown = bus.notifications()
        #expect(shown.count == 1, "\(shown)")
        let body = shown.first?["body"] as? String ?? ""
        #expect(shown.first?["summary"] as? String == "Torrent finished")
        #expect(
            body.hasPrefix("&lt;b&gt;done&lt;i&gt; &amp; ^[[31mred &lt;U+202E&gt;txt.exe Русский 中文 on "), "\(body)")
        #expect(!body.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E || $0 == "<" })
        #expect(second.out.contains("Torrent finished: <b>done<i> & ^[[31mred <U+202E>txt.exe"), "\(second.out)")

        let lines = (try? String(contentsOfFile: exec, encoding: .utf8))?.split(separator: "\n") ?? []
        #expect(lines.count == 1, "\(lines)")
        let event = lines.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(event?["event"] as? String == "finished")
        let torrent = event?["torrent"] as? [String: Any]
        #expect(torrent?["name"] as? String == Self.hostileName)
        #expect(torrent?["id"] as? Int == id)

        // A restart reports nothing again.
        let third = try runNotify()
        #expect(third.status == 0, "\(third.all)")
        #expect(bus.notifications().count == 1)
        #expect(((try? String(contentsOfFile: exec, encoding: .utf8)) ?? "").split(separator: "\n").count == 1)

        // The finished torrent's data disappears; starting it gives Transmission's local error
        // ("No data found!", error 3): one error event, and a restart does not repeat it.
        try FileManager.default.removeItem(atPath: missing + "/" + Self.hostileName)
        let started = try fixture.run(["start", String(id)])
        #expect(started.status == 0, "\(started.all)")
        #expect(
            try eventuallyTrue(seconds: 30) {
                (try fixture.info(id)?["error"] as? Int ?? 0) == 3
            })
        let fourth = try runNotify()
        #expect(fourth.status == 0, "\(fourth.all)")
        let errors = bus.notifications().dropFirst()
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?["summary"] as? String == "Torrent error")
        let errorBody = errors.first?["body"] as? String ?? ""
        #expect(errorBody.hasPrefix("&lt;b&gt;done&lt;i&gt; &amp; ^[[31mred &lt;U+202E&gt;txt.exe"), "\(errorBody)")
        #expect(!errorBody.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E || $0 == "<" })
        let all = ((try? String(contentsOfFile: exec, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(all.count == 2, "\(all)")
        let errorEvent = all.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(errorEvent?["event"] as? String == "error")
        #expect((errorEvent?["torrent"] as? [String: Any])?["error"] as? Int == 3)
        let fifth = try runNotify()
        #expect(fifth.status == 0, "\(fifth.all)")
        #expect(bus.notifications().count == 2)
    }

    @Test("a server stopped then started: one offline event with its cause, one online event, in Russian")
    func offlineOnline() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let bus = try NotificationBus.start()
        defer { bus.stop() }
        let home = CLIHome(bed: own.bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let exec = home.directory + "/events.jsonl"
        var env = home.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        env["TR_AUTH"] = own.bed.credentials
        env["LANG"] = "ru_RU.UTF-8"
        let started = try ProcessRunner.run(
            "bash",
            args: [
                "-c", "setsid \"$@\" </dev/null >\"$HOME/notify.out\" 2>\"$HOME/notify.err\" & echo $!", "bash",
                home.remission, "notify", "--interval", "2", "--timeout", "5", "--exec", "cat >> '\(exec)'",
                "--server", own.bed.daemonURL(),
            ], env: env, timeout: .seconds(10))
        let pid = try #require(Int32(started.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(pid, SIGTERM) }
        func events() -> [[String: Any]] {
            let text = (try? String(contentsOfFile: exec, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
        let stateDirectory = home.directory + "/state/notify"
        #expect(
            eventuallyTrue(seconds: 20) {
                ((try? FileManager.default.contentsOfDirectory(atPath: stateDirectory)) ?? []).contains {
                    $0.hasSuffix(".json")
                }
            })
        try own.bed.stopDaemon(.main)
        #expect(eventuallyTrue(seconds: 30) { events().count >= 1 }, "\(events())")
        Thread.sleep(forTimeInterval: 5)  // more polls while it is down: still one event
        try own.bed.startDaemon(.main)
        #expect(eventuallyTrue(seconds: 30) { events().count >= 2 }, "\(events())")
        Thread.sleep(forTimeInterval: 5)
        let seen = events()
        #expect(seen.map { $0["event"] as? String } == ["offline", "online"], "\(seen)")
        #expect(
            seen.first?["cause"] as? String == "в соединении отказано" && seen.first?["exitCode"] as? Int == 3,
            "\(seen)"
        )
        #expect(seen.first?["url"] as? String == own.bed.daemonURL())
        let shown = bus.notifications().map { $0["summary"] as? String ?? "" }
        #expect(shown == ["Сервер недоступен", "Сервер снова доступен"], "\(shown)")
        #expect(bus.notifications().first?["urgency"] as? Int == 2)
    }

    @Test("no session bus: without --exec one line and exit 1; with --exec one line and it carries on")
    func noBus() throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let env = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "TR_AUTH": bed.credentials]
        let alone = try home.run(["notify", "--once", "--server", bed.daemonURL()], env: env)
        #expect(alone.status == 1, "\(alone.all)")
        #expect(alone.err.contains("no desktop notifications (no session bus"), "\(alone.err)")
        #expect(alone.err.split(separator: "\n").count == 1, "\(alone.err)")
        let exec = home.directory + "/events.jsonl"
        let closed = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let withExec = try home.run(["notify", "--once", "--exec", "cat >> '\(exec)'", "--server", closed], env: env)
        #expect(withExec.status == 0, "\(withExec.all)")
        #expect(withExec.err.split(separator: "\n").count == 1, "\(withExec.err)")
        #expect(withExec.out == "Server offline: \(closed): connection refused\n", "\(withExec.out)")
        #expect(((try? String(contentsOfFile: exec, encoding: .utf8)) ?? "").contains("\"event\":\"offline\""))
    }

    @Test("a hung server does not delay another: the closed one's event comes at once, the hung one's after --timeout")
    func hungServerDelaysNoOther() throws {
        let hung = try HostileServer(scenario: [
            "methods": ["session-get": ["hang": true], "torrent-get": ["hang": true]]
        ])
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let exec = home.directory + "/events.jsonl"
        let closed = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let started = try ProcessRunner.run(
            "bash",
            args: [
                "-c", "setsid \"$@\" </dev/null >/dev/null 2>&1 & echo $!", "bash", home.remission, "notify",
                hung.url(), closed, "--no-desktop", "--interval", "60", "--timeout", "8", "--exec",
                "cat >> '\(exec)'",
            ], env: home.environment, timeout: .seconds(10))
        let pid = try #require(Int32(started.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(pid, SIGTERM) }
        let begun = Date()
        func events() -> [String] {
            ((try? String(contentsOfFile: exec, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        #expect(eventuallyTrue(seconds: 5) { events().count == 1 })
        #expect(Date().timeIntervalSince(begun) < 4, "the closed server waited for the hung one")
        #expect(events().first?.contains(closed) == true, "\(events())")
        #expect(eventuallyTrue(seconds: 20) { events().count == 2 }, "\(events())")
        #expect(Date().timeIntervalSince(begun) >= 7, "the hung server's poll ended before its --timeout")
        #expect(events().last?.contains("\"exitCode\":3") == true, "\(events())")
    }

    @Test("a certificate that expires in 5 days is reported once, on the first run, and not again")
    func certificateExpiring() throws {
        let pki = try ShortLivedPKI(bed: bed)
        let now = Int64(Date().timeIntervalSince1970)
        let notAfter = now + 5 * 86_400 + 3600
        let server = try HostileServer(
            scenario: ["methods": ["torrent-get": ["arguments": ["torrents": [] as [Any]]]]],
            tls: pki.leaf("near", notBefore: notAfter - 90 * 86_400, notAfter: notAfter))
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let connected = try home.run([
            "connect", server.url(scheme: "https"), "--name", "near", "--ca-file", pki.caFile,
        ])
        #expect(connected.status == 0, "\(connected.all)")
        let exec = home.directory + "/events.jsonl"
        for _ in 0..<2 {
            let run = try home.run(["notify", "near", "--once", "--no-desktop", "--exec", "cat >> '\(exec)'"])
            #expect(run.status == 0, "\(run.all)")
        }
        let lines = ((try? String(contentsOfFile: exec, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        let event = lines.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(event?["event"] as? String == "certificate-expiring", "\(lines)")
        let certificate = event?["certificate"] as? [String: Any]
        #expect(certificate?["subject"] as? String == "CN=near")
        #expect(certificate?["notAfter"] as? Int == Int(notAfter))
    }

    @Test("a failing --exec command is reported once on stderr and notify goes on")
    func failingExec() throws {
        let bus = try NotificationBus.start()
        defer { bus.stop() }
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let env = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let closed = "http://127.0.0.1:\(bed.closedPort)/x"
        let result = try home.run(
            ["notify", "--once", "--exec", "echo 'hook \u{1B}[31mbroke' >&2; exit 4", "--server", closed], env: env)
        #expect(result.status == 0, "\(result.all)")
        #expect(
            result.err.contains("the --exec command failed: it exited with status 4: hook ^[[31mbroke"), "\(result.err)"
        )
        #expect(bus.notifications().count == 1)
    }

    @Test("watch --notify-exec: the daemon stopped and started while watching gives one offline and one online event")
    func watchNotify() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let bus = try NotificationBus.start()
        defer { bus.stop() }
        // --notify-exec alone implies --notify; its command's output never reaches the screen.
        let exec = own.bed.directory + "/watch-events.jsonl"
        let pane = try Tmux(
            bed: own.bed,
            arguments: [
                "watch", "--interval", "1", "--timeout", "3", "--notify-exec",
                "echo SHOULD-NOT-SHOW; cat >> '\(exec)'",
            ],
            extra: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("updated ") }, "\(pane.capture())")
        Thread.sleep(forTimeInterval: 2)
        #expect(bus.notifications().isEmpty, "\(bus.notifications())")
        try own.bed.stopDaemon(.main)
        #expect(eventuallyTrue(seconds: 30) { bus.notifications().count >= 1 }, "\(pane.capture())")
        try own.bed.startDaemon(.main)
        #expect(eventuallyTrue(seconds: 60) { bus.notifications().count >= 2 }, "\(pane.capture())")
        Thread.sleep(forTimeInterval: 3)
        let shown = bus.notifications().map { $0["summary"] as? String ?? "" }
        #expect(shown == ["Server offline", "Server back online"], "\(shown)")
        let lines = ((try? String(contentsOfFile: exec, encoding: .utf8)) ?? "").split(separator: "\n")
        let kinds = lines.map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["event"] as? String ?? "?"
        }
        #expect(kinds == ["offline", "online"], "\(lines)")
        #expect(!pane.capture().contains("SHOULD-NOT-SHOW"), "\(pane.capture())")
        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
    }
}
