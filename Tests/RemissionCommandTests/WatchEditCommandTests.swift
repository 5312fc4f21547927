import Foundation
import RemissionModel
import RemissionRPC
import TestSupport
import Testing

@testable import RemissionViews

/// The edit keys of the interactive `watch` in a real pseudo-terminal (tmux, 80×24) against a
/// private bed of 5 torrents, on each daemon of the matrix: each key's change is read back from
/// the daemon over RPC, not from Remission's screen.
@Suite("remission watch edit keys (process, tmux, private daemon): move, labels, queue, limits, priority")
struct WatchEditCommandTests {
    @Test(
        "m, L, ], <, > and b change the torrent under the cursor on the daemon; a bad value changes nothing; the prompts at 80×24"
    )
    func editKeys() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        for daemon in daemonMatrix {
            let load = try ProcessRunner.run(
                TestBed.repositoryRoot + "/bench/lib/load-torrents",
                args: [own.directory, "5", "--port", String(own.bed.daemonPort(daemon))], timeout: .seconds(120))
            #expect(load.status == 0, "\(load.stderrText)")
            try prompts(own, daemon: daemon)
            try edit(own, daemon: daemon)
        }
    }

    /// The prompts as issue 36 met them at 80×24: `m` opens filled with the directory the daemon
    /// reports; a refused value leaves the prompt in sight with its text and the refusal above it, so
    /// the next keys visibly go into it; `q` on the help closes the help only; a long labels line
    /// shows its end and the caret within 80 columns. Nothing is changed on the daemon.
    private func prompts(_ own: PrivateBed, daemon: TestBed.Daemon) throws {
        let reader = try own.bed.daemonReader(daemon)
        let first = try #require(
            try reader.torrentGet(fields: [.id, .downloadDir], format: .objects).min { $0.id < $1.id })
        #expect(!first.downloadDir.isEmpty)
        let pane = try Tmux(
            bed: own.bed, arguments: ["watch", "--interval", "1", "--sort", "id"], daemon: daemon, columns: 80, rows: 24
        )
        defer { pane.kill() }
        func bottom(_ capture: String) -> String { WatchInteractiveCommandTests.lines(capture).last ?? "" }
        #expect(pane.waitFor { $0.contains("· 5 torrents") && $0.contains("updated ") }, "\(pane.capture())")

        // The bed's directory is long: the prompt shows its end, where the typing goes.
        pane.send("m")
        #expect(
            pane.waitFor {
                bottom($0).hasPrefix("Move the data of 1 torrent to: ")
                    && bottom($0).hasSuffix(String(first.downloadDir.suffix(40)) + "▏")
            }, "\(pane.capture())")
        pane.send("Escape")

        pane.send("b")
        Self.backspaces(pane)
        pane.type("hgih")
        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("not 'hgih'") }, "\(pane.capture())")
        #expect(bottom(pane.capture()).hasPrefix("Bandwidth priority (low, normal, high): hgih▏"), "\(pane.capture())")
        pane.type("b")
        #expect(
            pane.waitFor {
                bottom($0).hasPrefix("Bandwidth priority (low, normal, high): hgihb▏") && !$0.contains("not 'hgih'")
            },
            "\(pane.capture())")
        pane.send("Escape")

        pane.type("?")
        #expect(pane.waitFor { $0.contains("remission watch — keys") }, "\(pane.capture())")
        pane.type("q")
        #expect(pane.waitFor { $0.contains("· 5 torrents") && !$0.contains("— keys") }, "\(pane.capture())")
        usleep(500_000)
        #expect(!pane.capture().contains("EXITED="), "q on the help quit watch: \(pane.capture())")

        pane.send("L")
        Self.backspaces(pane)
        pane.type("linux, видео, archive, documentaries, the-very-end")
        #expect(pane.waitFor { bottom($0).hasSuffix("the-very-end▏") }, "\(pane.capture())")
        #expect(TerminalText.width(bottom(pane.capture())) <= 80)
        pane.send("Escape")
        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
    }

    private func edit(_ own: PrivateBed, daemon: TestBed.Daemon) throws {
        let reader = try own.bed.daemonReader(daemon)
        let ids = try reader.torrentGet(fields: [.id], format: .objects).map(\.id).sorted()
        let first = try #require(ids.first)
        func torrent() throws -> Torrent? {
            try reader.torrentGet(
                ids: .id(first),
                fields: [
                    .id, .downloadDir, .labels, .queuePosition, .downloadLimit, .downloadLimited, .uploadLimit,
                    .uploadLimited, .bandwidthPriority,
                ],
                format: .objects
            ).first
        }
        let before = try #require(try torrent())

        let pane = try Tmux(
            bed: own.bed, arguments: ["watch", "--interval", "1", "--sort", "id"], daemon: daemon, columns: 80, rows: 24
        )
        defer { pane.kill() }
        #expect(pane.waitFor { $0.contains("· 5 torrents") && $0.contains("updated ") }, "\(pane.capture())")

        let target = own.directory + "/moved-\(daemon)"
        pane.send("m")
        #expect(pane.waitFor { $0.contains("Move the data of 1 torrent to:") }, "\(pane.capture())")
        Self.backspaces(pane)
        pane.type("relative/dir")
        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("DIR must be an absolute path") }, "\(pane.capture())")
        Self.backspaces(pane)
        pane.type(target)
        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("moving 1 torrent to") }, "\(pane.capture())")
        #expect(Self.eventually { (try? torrent())?.downloadDir == target }, "downloadDir")

        pane.send("L")
        Self.backspaces(pane)
        pane.type("linux, видео")
        pane.send("Enter")
        #expect(Self.eventually { (try? torrent())?.labels.sorted() == ["linux", "видео"].sorted() }, "labels")

        pane.send("]")
        #expect(Self.eventually { ((try? torrent())?.queuePosition ?? -1) > (before.queuePosition ?? 0) }, "queue")

        pane.send("<")
        Self.backspaces(pane)
        pane.type("250")
        pane.send("Enter")
        #expect(
            Self.eventually {
                let now = try? torrent()
                return now?.downloadLimit == 250 && now?.downloadLimited == true
            }, "down limit")

        pane.send(">")
        Self.backspaces(pane)
        pane.type("-1")
        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("--up-limit takes a speed") }, "\(pane.capture())")
        pane.send("Escape")
        #expect(try torrent()?.uploadLimited == before.uploadLimited)

        pane.send("b")
        Self.backspaces(pane)
        pane.type("high")
        pane.send("Enter")
        #expect(Self.eventually { (try? torrent())?.bandwidthPriority == .high }, "priority")

        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
    }

    /// Enough Backspaces to empty what a prompt was filled with.
    static func backspaces(_ pane: Tmux) {
        for _ in 0..<160 { pane.send("BSpace") }
    }

    static func eventually(_ condition: () -> Bool) -> Bool { WatchInteractiveCommandTests.eventually(condition) }
}
