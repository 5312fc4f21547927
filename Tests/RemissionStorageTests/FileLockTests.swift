import RemissionModel
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("FileLock")
struct FileLockTests {
    @Test("the sidecar lock file is NAME.lock with mode 0600")
    func sidecar() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("sub/trust.json")
        let lock = try FileLock(protecting: path)
        #expect(lock.lockPath == path + ".lock")
        #expect(permissions(of: path + ".lock") == 0o600)
        #expect(permissions(of: directory.file("sub")) == 0o700)
        #expect(!exists(path))
        lock.unlock()
    }

    @Test("a held lock makes a second one time out with an error naming the lock file")
    func timesOut() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("trust.json")
        let held = try FileLock(protecting: path)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: StorageError.lockTimeout(lockPath: path + ".lock", timeout: .milliseconds(200))) {
            _ = try FileLock(protecting: path, timeout: .milliseconds(200))
        }
        #expect(clock.now - started >= .milliseconds(200))
        held.unlock()
        // Once released, the lock can be taken again at once.
        let again = try FileLock(protecting: path, timeout: .zero)
        again.unlock()
    }

    @Test("a held lock is waited for on the given clock: pauses doubling from 1 ms up to 50 ms, until the timeout")
    func waitsOnTheClock() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("trust.json")
        let held = try FileLock(protecting: path)
        let clock = SleepOnlyClock()
        #expect(throws: StorageError.lockTimeout(lockPath: path + ".lock", timeout: .milliseconds(200))) {
            _ = try FileLock(protecting: path, timeout: .milliseconds(200), clock: clock)
        }
        #expect(clock.delays == [1, 2, 4, 8, 16, 32, 50, 50, 50])
        held.unlock()
    }

    @Test("withLock releases the lock when the body throws")
    func releasesOnThrow() throws {
        struct Boom: Error {}
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        #expect(throws: Boom.self) {
            try FileLock.withLock(protecting: path) { throw Boom() }
        }
        let lock = try FileLock(protecting: path, timeout: .zero)
        lock.unlock()
    }
}

/// A clock whose time moves only by its sleeps, which it records instead of waiting.
private final class SleepOnlyClock: TimeSource {
    private(set) var delays: [Int] = []
    private var elapsed = 0

    var now: Int64 { 1_700_000_000 }
    var monotonicMilliseconds: Double { Double(elapsed) }

    func sleep(milliseconds: Int) {
        delays.append(milliseconds)
        elapsed += milliseconds
    }
}
