import Foundation
import TestSupport
import Testing

/// `remission watch` driven in a real pseudo-terminal (tmux) against a test bed of its own, whose
/// daemon it stops and starts without disturbing other suites.
@Suite("remission watch (process, tmux, private daemon)")
struct WatchCommandTests {
    @Test("without a terminal: refuses with exit 2 and points to list")
    func noTerminal() throws {
        let bed = try TestBed.shared
        let home = CLIHome(bed: bed)
        let result = try home.run(["watch", "--server", bed.daemonURL()], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 2, "\(result.all)")
        #expect(result.err.contains("watch needs a terminal; use `remission list`"))
    }

    @Test("draws, shows OFFLINE when the daemon stops, recovers, and q restores the terminal")
    func liveOfflineRecoverQuit() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let pane = try Tmux(bed: own.bed, arguments: ["watch", "--interval", "1"])
        defer { pane.kill() }

        #expect(pane.waitFor { $0.contains("remission watch ·") && $0.contains("Status") && $0.contains("updated ") })
        #expect(pane.value("alternate_on") == "1")
        #expect(pane.value("cursor_flag") == "0")

        try own.bed.stopDaemon(.main)
        #expect(pane.waitFor { $0.contains("OFFLINE — data from") }, "\(pane.capture())")
        #expect(pane.capture().contains("Status"))  // the last data stays on screen

        try own.bed.startDaemon(.main)
        #expect(pane.waitFor(timeout: 45) { !$0.contains("OFFLINE") && $0.contains("updated ") }, "\(pane.capture())")

        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
        let after = pane.capture()
        #expect(!after.contains("remission watch ·"), "\(after)")
        #expect(after.contains("ICANON=1 ECHO=1"), "\(after)")
        #expect(pane.value("alternate_on") == "0")
        #expect(pane.value("cursor_flag") == "1")
    }

    @Test("a hung refresh shows the data's age and what it waits for, then OFFLINE; q quits at once meanwhile")
    func hungRefresh() throws {
        let bed = try TestBed.shared
        let server = try HostileServer(scenario: [
            "methods": [
                "torrent-get": ["arguments": ["torrents": [["id", "name"], [1, "debian.iso"]]], "hangAfter": 1]
            ]
        ])
        let pane = try Tmux(
            bed: bed, arguments: ["watch", "--interval", "1", "--timeout", "6"], server: server.url())
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("updated ") && $0.contains("debian.iso") }, "\(pane.capture())")
        // The second refresh hangs: from 2 s on, the age of what is shown, counting.
        #expect(pane.waitFor(timeout: 10) { $0.contains("s old, waiting for ") }, "\(pane.capture())")
        #expect(pane.capture().contains("debian.iso"))
        // --timeout 6 ends it: OFFLINE with the data's time and age; the next attempt hangs too.
        #expect(pane.waitFor(timeout: 15) { $0.contains("OFFLINE — data from") }, "\(pane.capture())")
        #expect(pane.waitFor(timeout: 10) { $0.contains("retrying now, waiting for") }, "\(pane.capture())")
        let started = Date()
        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(pane.capture().contains("ICANON=1 ECHO=1"))
        // Ended with `_exit` while the request hangs, the run still leaves its record.
        let log = (try? String(contentsOfFile: pane.directory + "/state/diagnostics.log", encoding: .utf8)) ?? ""
        #expect(log.contains("\"command\":\"watch\"") && log.contains("\"exitCode\":0"), "\(log)")
        #expect(pane.value("alternate_on") == "0")
        #expect(pane.value("cursor_flag") == "1")
    }

    @Test("Ctrl-C restores the terminal too (exit 130)", arguments: daemonMatrix)
    func interrupt(daemon: TestBed.Daemon) throws {
        let bed = try TestBed.shared
        let pane = try Tmux(bed: bed, arguments: ["watch"], daemon: daemon)
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("updated ") }, "\(pane.capture())")
        pane.send("C-c")
        #expect(pane.waitFor { $0.contains("EXITED=130") }, "\(pane.capture())")
        #expect(pane.capture().contains("ICANON=1 ECHO=1"))
        #expect(pane.value("alternate_on") == "0")
        #expect(pane.value("cursor_flag") == "1")
    }

    @Test("Ctrl-\\ restores the terminal (exit 131)")
    func quitSignal() throws {
        let pane = try Tmux(bed: try TestBed.shared, arguments: ["watch"])
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("updated ") }, "\(pane.capture())")
        pane.send("C-\\")
        #expect(pane.waitFor { $0.contains("EXITED=131") }, "\(pane.capture())")
        #expect(pane.capture().contains("ICANON=1 ECHO=1 STTY_SAME=1"), "\(pane.capture())")
        #expect(pane.value("alternate_on") == "0" && pane.value("cursor_flag") == "1")
    }

    @Test(
        "a crash (a runtime trap's SIGILL or SIGTRAP, SIGABRT, a fault) restores the terminal, then ends as it would",
        arguments: [SIGILL, SIGTRAP, SIGABRT, SIGSEGV])
    func crash(signal: Int32) throws {
        // The runtime's backtracer (the signal's previous action) runs after the terminal is back;
        // not interactive, it writes its report and ends with the signal.
        let pane = try Tmux(
            bed: try TestBed.shared, arguments: ["watch"], extra: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("updated ") }, "\(pane.capture())")
        let pid = try #require(pane.commandProcess())
        #expect(Glibc.kill(pid, signal) == 0)
        #expect(pane.waitFor(timeout: 60) { $0.contains("EXITED=\(128 + signal)") }, "\(pane.capture())")
        #expect(pane.capture().contains("ICANON=1 ECHO=1 STTY_SAME=1"), "\(pane.capture())")
        #expect(pane.value("alternate_on") == "0" && pane.value("cursor_flag") == "1")
    }
}

/// `remission ARGS --server <main daemon>` in a detached tmux pane (120×40 unless told) on a private
/// tmux server. After remission exits the pane prints its exit code, the terminal's ICANON/ECHO
/// state and whether `stty -g` reads as before (STTY_SAME=1), and stays.
struct Tmux {
    let socket = "remission-test-\(UUID().uuidString.prefix(8))"
    let directory: String

    /// `server`: another URL than the bed's daemon (a `HostileServer`). `jobControl`: the command
    /// runs from an interactive bash (so Ctrl-Z stops it and `fg` resumes it); the report comes
    /// when `report()` is called after it ended.
    init(
        bed: TestBed, arguments: [String], daemon: TestBed.Daemon = .main, server: String? = nil, columns: Int = 120,
        rows: Int = 40, jobControl: Bool = false, extra: [String: String] = [:], addServer: Bool = true
    ) throws {
        let home = CLIHome(bed: bed)
        directory = home.directory
        var environment = home.environment
        environment["TR_AUTH"] = bed.credentials
        environment["TERM"] = "xterm-256color"
        environment.merge(extra) { _, new in new }
        let exports = environment.map { "export \($0.key)=\(Self.quoted($0.value))" }.joined(separator: "\n")
        let serverArguments = addServer ? ["--server", server ?? bed.daemonURL(daemon)] : []  // not with --all
        let command = ([home.remission] + arguments + serverArguments).map(Self.quoted)
            .joined(separator: " ")
        let report = """
            report() {
            status=$?
            same=0; [ "$before" = "$(stty -g)" ] && same=1
            flags=$(stty -a)
            icanon=0; echo_=0
            case "$flags" in *" icanon"*) icanon=1;; esac
            case "$flags" in *" echo "*) echo_=1;; esac
            echo "EXITED=$status ICANON=$icanon ECHO=$echo_ STTY_SAME=$same"
            }
            """
        let script = """
            \(exports)
            \(report)
            before=$(stty -g)
            PS1='$ '
            \(jobControl ? "" : command + "\nreport\nsleep 120")
            """
        let file = directory + "/watch.sh"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let shell = jobControl ? "bash --noprofile --rcfile \(Self.quoted(file)) -i" : "bash " + file
        let result = try ProcessRunner.run(
            "tmux", args: ["-L", socket, "-u", "new-session", "-d", "-x", String(columns), "-y", String(rows), shell])
        guard result.status == 0 else { throw TmuxError(message: result.stderrText) }
        if jobControl {
            type(command)
            send("Enter")
        }
    }

    /// With `jobControl`: prints the exit code and terminal state line once the command has ended.
    func report() {
        type("report")
        send("Enter")
    }

    struct TmuxError: Error { var message: String }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    func capture() -> String {
        (try? ProcessRunner.run("tmux", args: ["-L", socket, "capture-pane", "-p"]).stdoutText) ?? ""
    }

    /// The pane's whole history and screen, for text that scrolled past its rows.
    func captureHistory() -> String {
        (try? ProcessRunner.run("tmux", args: ["-L", socket, "capture-pane", "-p", "-S", "-"]).stdoutText) ?? ""
    }

    func value(_ format: String) -> String {
        let text =
            (try? ProcessRunner.run("tmux", args: ["-L", socket, "display", "-p", "#{\(format)}"]).stdoutText) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func send(_ keys: String) {
        _ = try? ProcessRunner.run("tmux", args: ["-L", socket, "send-keys", keys])
    }

    func resize(columns: Int, rows: Int) {
        _ = try? ProcessRunner.run(
            "tmux", args: ["-L", socket, "resize-window", "-x", String(columns), "-y", String(rows)])
    }

    /// Types `text` as it is (UTF-8), not as key names.
    func type(_ text: String) {
        _ = try? ProcessRunner.run("tmux", args: ["-L", socket, "send-keys", "-l", text])
    }

    /// Polls the pane every 0.2 s until `condition` holds; false after `timeout` seconds.
    func waitFor(timeout: Double = 20, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(capture()) { return true }
            usleep(200_000)
        }
        return condition(capture())
    }

    /// The process the pane's shell runs in the foreground (remission), by its parent's children.
    func commandProcess() -> pid_t? {
        guard let shell = Int(value("pane_pid")),
            let children = try? String(
                contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").compactMap { pid_t($0) }.first
    }

    func kill() {
        _ = try? ProcessRunner.run("tmux", args: ["-L", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }
}
