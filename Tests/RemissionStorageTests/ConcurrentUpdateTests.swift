import Foundation
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("Concurrent updates")
struct ConcurrentUpdateTests {
    /// Twenty threads, each with its own lock file description (flock is per open file description, so
    /// they exclude each other exactly as separate processes would), each add one entry. Without the
    /// lock, read-modify-write races lose entries.
    @Test("twenty concurrent writers lose nothing")
    func noneLost() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("notes.json")
        let writers = 20
        let failures = Failures()
        let group = DispatchGroup()
        for index in 0..<writers {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let file = VersionedFile<Notebook>(path: path, lockTimeout: .seconds(30))
                    try file.update { document in
                        document.notes["writer-\(index)"] = "\(index)"
                        usleep(2_000)  // Widen the read-modify-write window.
                    }
                } catch {
                    failures.record("\(error)")
                }
            }
            thread.start()
        }
        group.wait()

        #expect(failures.all == [])
        let notes = try VersionedFile<Notebook>(path: path).load().notes
        #expect(notes.count == writers)
        #expect(Set(notes.keys) == Set((0..<writers).map { "writer-\($0)" }))
        #expect(directoryEntries(directory.path) == ["notes.json", "notes.json.lock"])
    }
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func record(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
