import Foundation
import TestSupport
import Testing

/// `watch` spares the daemon (issue 26): through `RPCObserver`, a relay that logs every exchange, the
/// first refresh fetches the whole list and the idle ones only `recently-active`; a torrent stopped,
/// removed or added by another client shows after the next refresh, stopped and removed ones through
/// the merge alone; after a daemon restart the list is fetched whole again. On each daemon of the
/// matrix (3.00 classic, 4.1.3 JSON-RPC).
@Suite("remission watch, incremental polling (process, tmux, private daemon, request observer)")
struct WatchPollingCommandTests {
    @Test("idle refreshes ask for recently-active; stopped, removed and added torrents appear after the next")
    func incremental() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        for daemon in daemonMatrix {
            try load(own, daemon, count: 5)
            // Transmission 3.00 queues every added torrent for verification, and watch fetches the
            // whole list while one is verified; the queue is not saved, so a restart empties it.
            try own.bed.stopDaemon(daemon)
            try own.bed.startDaemon(daemon)
            try session(own, daemon: daemon)
        }
    }

    private func load(_ own: PrivateBed, _ daemon: TestBed.Daemon, count: Int) throws {
        let load = try ProcessRunner.run(
            TestBed.repositoryRoot + "/bench/lib/load-torrents",
            args: [own.directory, String(count), "--port", String(own.bed.daemonPort(daemon))], timeout: .seconds(120))
        #expect(load.status == 0, "\(load.stderrText)")
    }

    private func session(_ own: PrivateBed, daemon: TestBed.Daemon) throws {
        let bed = own.bed
        let observer = try RPCObserver.start(upstreamPort: bed.daemonPort(daemon))
        defer { observer.stop() }
        let pane = try Tmux(bed: bed, arguments: ["watch", "--interval", "1"], server: observer.url(path: bed.rpcPath))
        defer { pane.kill() }
        let home = CLIHome(bed: bed)
        func remission(_ arguments: [String]) {
            let result = try? home.run(
                arguments + ["--server", bed.daemonURL(daemon)], env: ["TR_AUTH": bed.credentials])
            #expect(result?.status == 0, "\(arguments): \(result?.err ?? "did not run")")
        }
        func gets(since mark: Int = 0) -> [RPCObserver.Exchange] {
            Array(observer.exchanges().dropFirst(mark)).filter(\.isTorrentGet)
        }

        #expect(pane.waitFor { $0.contains("· 5 torrents") }, "\(pane.capture())")
        #expect(Self.eventually { gets().filter(\.isRecentlyActive).count >= 2 }, "\(gets())")
        let first = try #require(gets().first)
        #expect(first.ids == nil, "the first refresh fetches the whole list: \(first)")

        remission(["start", "2"])
        #expect(pane.waitFor { Self.row(2, in: $0).map { !$0.contains("Stopped") } ?? false }, "\(pane.capture())")

        // Stopped and removed: shown through the merge, with no full fetch.
        var mark = observer.exchanges().count
        remission(["stop", "2"])
        #expect(pane.waitFor { Self.row(2, in: $0)?.contains("Stopped") ?? false }, "\(pane.capture())")
        #expect(gets(since: mark).allSatisfy { $0.isRecentlyActive }, "\(gets(since: mark))")

        mark = observer.exchanges().count
        remission(["remove", "3"])
        #expect(pane.waitFor { $0.contains("· 4 torrents") && Self.row(3, in: $0) == nil }, "\(pane.capture())")
        #expect(gets(since: mark).allSatisfy { $0.isRecentlyActive }, "\(gets(since: mark))")

        try load(own, daemon, count: 1)
        #expect(pane.waitFor { $0.contains("· 5 torrents") && Self.row(6, in: $0) != nil }, "\(pane.capture())")
        #expect(gets().filter(\.isRecentlyActive).count >= 4, "\(gets())")

        // A restarted daemon (it may number its torrents anew): the refreshes fail meanwhile, and the
        // next good one fetches the whole list again. (A restart between two refreshes shows as a
        // new session id, which forces it too: `TorrentPollTests`.)
        mark = observer.exchanges().count
        try bed.stopDaemon(daemon)
        try bed.startDaemon(daemon)
        #expect(
            Self.eventually { gets(since: mark).contains { $0.ids == nil && $0.status == 200 } }, "\(gets(since: mark))"
        )
        #expect(pane.waitFor { $0.contains("· 5 torrents") && !$0.contains("OFFLINE") }, "\(pane.capture())")
    }

    /// The row of torrent `id` on the screen (cursor mark and padding before the id), if shown.
    static func row(_ id: Int, in capture: String) -> String? {
        capture.split(separator: "\n").map(String.init).first { line in
            let trimmed = line.drop { $0 == ">" || $0 == " " }
            return trimmed.prefix { $0.isNumber } == String(id) && trimmed.dropFirst(String(id).count).first == " "
        }
    }

    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<80 {
            if condition() { return true }
            usleep(250_000)
        }
        return condition()
    }
}
