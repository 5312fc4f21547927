import Foundation
import Glibc
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("notify's memory: one versioned, locked file per server; refused when others may write it")
struct NotifyMemoryStoreTests {
    static func memory(torrents: Int) -> NotifyMemory {
        NotifyMemory(
            server: "nas", online: true, lastPoll: 1_800_000_000,
            pending: (0..<torrents).map { String(format: "%040x", $0) }, done: [String(repeating: "f", count: 40)],
            errored: [], warned: [String(repeating: "a", count: 64)])
    }

    @Test("written and read back per server, mode 0600; another name reads as empty")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let store = NotifyMemoryStore(directory: directory.file("notify"))
        let saved = Self.memory(torrents: 3)
        let seen = try store.update(server: "nas") { memory in (memory, saved) }
        #expect(seen == NotifyMemory())
        let again = try store.update(server: "nas") { memory in (memory, memory) }
        #expect(again == saved)
        #expect(permissions(of: store.path(for: "nas")) == 0o600)
        let other = try store.update(server: "seedbox") { memory in (memory, memory) }
        #expect(other.isFirstSight && other.pending.isEmpty)
        let text = readText(store.path(for: "nas")) ?? ""
        #expect(text.contains("\"version\" : 1") && text.contains("\"server\" : \"nas\""), "\(text)")
    }

    @Test("10,000 torrents: read, changed and written again in well under a second")
    func tenThousand() throws {
        let directory = TemporaryDirectory()
        let store = NotifyMemoryStore(directory: directory.file("notify"))
        let big = Self.memory(torrents: 10_000)
        _ = try store.update(server: "nas") { _ in ((), big) }
        let started = ContinuousClock.now
        let loaded = try store.update(server: "nas") { memory in
            var next = memory
            next.lastPoll += 60
            return (memory, next)
        }
        let elapsed = ContinuousClock.now - started
        #expect(loaded.pending.count == 10_000)
        #expect(elapsed < .seconds(1), "\(elapsed)")
        let size = (try FileManager.default.attributesOfItem(atPath: store.path(for: "nas"))[.size] as? Int) ?? 0
        #expect(size < 600_000, "\(size) bytes")
    }

    @Test("a state file other users may write is refused, not trusted")
    func strictModes() throws {
        let directory = TemporaryDirectory()
        let store = NotifyMemoryStore(directory: directory.file("notify"))
        _ = try store.update(server: "nas") { _ in ((), Self.memory(torrents: 1)) }
        chmod(store.path(for: "nas"), 0o666)
        #expect(throws: StorageError.self) { try store.update(server: "nas") { memory in (memory, memory) } }
    }
}
