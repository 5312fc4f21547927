import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionViews

/// The interactive `watch` in a real pseudo-terminal (tmux, 80×24) against a private test bed of
/// 200 torrents (Latin, Cyrillic, CJK and Hangul names), on each daemon of the matrix: scroll to the
/// last, search with `/`, start and stop the torrent under the cursor (the daemon's state, asked
/// through RPC, changes), open its detail, remove it, and leave the terminal as it was.
@Suite("remission watch, interactive (process, tmux, private daemon with 200 torrents)")
struct WatchInteractiveCommandTests {
    @Test(
        "scroll to the last of 200, / search, start and stop through RPC, the detail, remove, q restores the terminal")
    func interactive() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        for daemon in daemonMatrix {
            let load = try ProcessRunner.run(
                TestBed.repositoryRoot + "/bench/lib/load-torrents",
                args: [own.directory, "200", "--port", String(own.bed.daemonPort(daemon))], timeout: .seconds(120))
            #expect(load.status == 0, "\(load.stderrText)")
            // Transmission 3.00 queues every added torrent for verification, paused or not, and
            // keeps it "check-wait" meanwhile; the queue is not saved, so a restart empties it.
            try own.bed.stopDaemon(daemon)
            try own.bed.startDaemon(daemon)
            try session(own.bed, daemon: daemon)
        }
    }

    private func session(_ bed: TestBed, daemon: TestBed.Daemon) throws {
        let pane = try Tmux(bed: bed, arguments: ["watch", "--interval", "1"], daemon: daemon, columns: 80, rows: 24)
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("· 200 torrents") && $0.contains("updated ") }, "\(pane.capture())")
        #expect(pane.value("alternate_on") == "1" && pane.value("cursor_flag") == "0")

        pane.send("End")
        #expect(pane.waitFor { Self.lines($0).contains { $0.hasPrefix(">  200 ") } }, "\(pane.capture())")
        #expect(pane.capture().contains("(180 above)"))

        // A CJK search at 80 columns: every row fits, the title stays on the first line.
        pane.send("/")
        pane.type("東京")
        #expect(pane.waitFor { $0.contains("Search: 東京") }, "\(pane.capture())")
        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("search '東京'") }, "\(pane.capture())")
        let searched = Self.lines(pane.capture())
        #expect(searched.count == 24 && searched[0].hasPrefix("remission watch ·"), "\(searched)")
        let rows = searched[3..<23].filter { !$0.isEmpty }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("東京の夜景 写真集") }, "\(rows)")
        for line in searched { #expect(TerminalText.width(line) <= 80, "\(line)") }
        // The bottom line keeps the search and, at its end, the keys (the rates make room).
        #expect(searched[23].contains("search '東京'") && searched[23].hasSuffix("? keys · q quits"), "\(searched[23])")
        // The cursor stays on its torrent when that one matches too (the fixture's names are drawn
        // at random: #200, where End put it, is sometimes a 東京 one); else it goes to the first row.
        let cursorRow = try #require(searched[3..<23].first { $0.hasPrefix(">") }, "\(searched)")
        let id = try #require(Int(cursorRow.dropFirst(2).prefix(5).trimmingCharacters(in: .whitespaces)))
        #expect(id == 200 || searched[3].hasPrefix(">"), "\(searched)")

        let home = CLIHome(bed: bed)
        func status() -> String? {
            let listed = try? home.run(
                ["list", "--json", "--server", bed.daemonURL(daemon)], env: ["TR_AUTH": bed.credentials])
            let torrents = (try? JSONValue.parse(listed?.out ?? ""))?["torrents"]?.array ?? []
            return torrents.first { $0["id"]?.int == id }?["status"]?.string
        }
        #expect(status() == "stopped")
        pane.send("s")
        #expect(pane.waitFor { $0.contains("started 1 torrent") }, "\(pane.capture())")
        #expect(Self.eventually { status() != "stopped" }, "started: \(status() ?? "gone")")
        pane.send("p")
        #expect(pane.waitFor { $0.contains("stopped 1 torrent") }, "\(pane.capture())")
        // A torrent the daemon is verifying finishes that check before it shows as stopped.
        #expect(Self.eventually { status() == "stopped" }, "stopped: \(status() ?? "gone")")

        // A resize redraws at the new size, the cursor's row still on screen, the bottom line (the
        // last action's result until a key is pressed) on the new last row.
        pane.resize(columns: 60, rows: 16)
        #expect(
            pane.waitFor { capture in
                let lines = Self.lines(capture)
                return lines.count >= 16 && lines[15] == "stopped 1 torrent"
                    && lines.allSatisfy { TerminalText.width($0) <= 60 }
                    && lines.contains { $0.hasPrefix(">") }
            }, "\(pane.capture())")
        pane.resize(columns: 80, rows: 24)

        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("#\(id) 東京") && $0.contains("[Files") }, "\(pane.capture())")
        // Space skips the file under the cursor: the daemon's files say so.
        pane.send("Space")
        #expect(
            Self.eventually {
                let files = try? home.run(
                    ["files", String(id), "--server", bed.daemonURL(daemon)], env: ["TR_AUTH": bed.credentials])
                let rows = files?.out.split(separator: "\n") ?? []  // a title, the header, file 0…
                return rows.count > 2 && rows[2].contains("  no  ")
            }, "the first file is not skipped")
        pane.send("Tab")
        #expect(
            pane.waitFor { $0.contains("[Trackers 1]") && $0.contains("127.0.0.1:1/announce") }, "\(pane.capture())")
        for line in Self.lines(pane.capture()) { #expect(TerminalText.width(line) <= 80, "\(line)") }
        pane.send("Escape")
        #expect(pane.waitFor { $0.contains("search '東京'") }, "\(pane.capture())")

        // d asks; n keeps the torrent, y removes it (the data stays).
        pane.send("d")
        #expect(pane.waitFor { $0.contains("Remove 1 torrent (the data stays)? (y/n)") }, "\(pane.capture())")
        pane.send("n")
        #expect(pane.waitFor { $0.contains("Nothing removed.") }, "\(pane.capture())")
        #expect(status() == "stopped")
        pane.send("d")
        pane.send("y")
        #expect(pane.waitFor { $0.contains("removed 1 torrent; the data stays") }, "\(pane.capture())")
        #expect(Self.eventually { status() == nil }, "removed: \(status() ?? "gone")")
        #expect(pane.waitFor { $0.contains("· 199 torrents") }, "\(pane.capture())")

        // A search that matches nothing says so instead of an empty body.
        pane.send("Escape")
        pane.send("/")
        pane.type("zzzz-none")
        pane.send("Enter")
        #expect(
            pane.waitFor {
                Self.lines($0).count > 3 && Self.lines($0)[3] == "  No torrent matches search 'zzzz-none'."
            },
            "\(pane.capture())")

        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
        #expect(pane.capture().contains("ICANON=1 ECHO=1 STTY_SAME=1"), "\(pane.capture())")
        #expect(pane.value("alternate_on") == "0" && pane.value("cursor_flag") == "1")
        // The run's record names the torrent that s, p, a file change and d acted on: once.
        let log = (try? String(contentsOfFile: pane.directory + "/state/diagnostics.log", encoding: .utf8)) ?? ""
        let record = log.split(separator: "\n").last { $0.contains("\"command\":\"watch\"") } ?? ""
        #expect(record.contains("\"torrents\":[\(id)]"), "\(log)")
    }

    @Test("Ctrl-Z gives the shell its terminal back; fg takes it again and redraws; q restores it")
    func suspend() throws {
        let bed = try TestBed.shared
        let pane = try Tmux(bed: bed, arguments: ["watch"], columns: 80, rows: 24, jobControl: true)
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("updated ") }, "\(pane.capture())")
        pane.send("C-z")
        #expect(pane.waitFor { $0.contains("Stopped") && !$0.contains("updated ") }, "\(pane.capture())")
        #expect(pane.value("alternate_on") == "0" && pane.value("cursor_flag") == "1")
        pane.send("fg")
        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("updated ") }, "\(pane.capture())")
        #expect(pane.value("alternate_on") == "1" && pane.value("cursor_flag") == "0")
        pane.send("q")
        #expect(pane.waitFor { !$0.contains("updated ") }, "\(pane.capture())")
        pane.report()
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
        #expect(pane.capture().contains("ICANON=1 ECHO=1 STTY_SAME=1"), "\(pane.capture())")
    }

    static func lines(_ capture: String) -> [String] {
        capture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix(24).map { $0 }
    }

    /// Polls `condition` every 0.25 s for up to 30 s.
    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<120 {
            if condition() { return true }
            usleep(250_000)
        }
        return condition()
    }
}
