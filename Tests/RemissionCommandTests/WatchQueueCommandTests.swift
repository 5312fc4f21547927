import Foundation
import RemissionModel
import TestSupport
import Testing

/// The queue seen in `watch` (issue 36): sorted by queue, a Queue column at 80×24 shows each
/// torrent's position, and `}` (to the bottom) moves the row and its number, as the daemon reads it
/// back. The real binary in tmux, on 3.00 and 4.1.3.
@Suite("watch --sort queue: a Queue column at 80 columns, moved with the queue keys")
struct WatchQueueCommandTests {
    @Test("the Queue column follows the daemon's queue", arguments: daemonMatrix)
    func queueColumn(daemon: TestBed.Daemon) throws {
        let bed = try TestBed.shared
        let first = try CLITorrentFixture(bed: bed, tag: "wq1", daemon: daemon)
        let second = try CLITorrentFixture(bed: bed, tag: "wq2", daemon: daemon)
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        let one = try first.add()
        let two = try second.add()
        _ = try first.run(["queue", String(two), "top"])
        _ = try first.run(["queue", String(one), "top"])
        let reader = try DaemonReader(bed: bed, daemon: daemon)
        func position(_ id: Int) throws -> Int { try #require(try reader.torrent(id, [.queuePosition])?.queuePosition) }

        let pane = try Tmux(
            bed: bed, arguments: ["watch", "--interval", "1", "--sort", "queue", "--search", "payload-wq"],
            daemon: daemon, columns: 80, rows: 24)
        defer { pane.kill() }
        /// The rows of the two torrents, top to bottom, as (id, queue position) read off the screen.
        func rows(_ screen: String) -> [(Int, Int)] {
            screen.split(separator: "\n").compactMap { line -> (Int, Int)? in
                guard line.contains("payload-wq") else { return nil }
                let words = line.dropFirst(2).split(separator: " ")
                guard words.count > 2, let id = Int(words[0]), let queue = Int(words[1]) else { return nil }
                return (id, queue)
            }
        }
        #expect(pane.waitFor { $0.contains("ID Queue ") && rows($0).count == 2 }, "\(pane.capture())")
        var screen = pane.capture()
        #expect(rows(screen).map(\.0) == [one, two], "\(screen)")
        #expect(rows(screen).map(\.1) == [try position(one), try position(two)], "\(screen)")
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 80 })

        // The cursor is on the first row (the queue's first): } moves it to the bottom of the queue.
        pane.send("}")
        #expect(try eventuallyTrue { try position(one) > position(two) })
        #expect(pane.waitFor { rows($0).map(\.0) == [two, one] }, "\(pane.capture())")
        screen = pane.capture()
        #expect(rows(screen).last?.1 == (try position(one)), "\(screen)")
        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
    }
}
