import Glibc
import RemissionModel

/// An exclusive advisory lock held for a read-modify-write of one file, so that concurrent remission
/// processes lose nothing (PRODUCT.md §4).
///
/// The lock is `flock(2)` on a sidecar `NAME.lock` file (mode 0600) next to the protected file, never on
/// the file itself, because `AtomicFile` replaces that file by rename and a lock on the old inode would
/// protect nothing. The sidecar is never deleted: deleting it would let two processes lock two different
/// inodes. `flock` belongs to the open file description, so two `FileLock`s in one process exclude each
/// other too, and the kernel releases the lock when the process dies: a stale sidecar never blocks anyone.
///
/// The lock is released when the value is dropped (or `unlock()` is called).
public struct FileLock: ~Copyable {
    /// The sidecar file that is locked.
    public let lockPath: String
    private let descriptor: Int32

    /// The sidecar lock file for `path`: `path` + `.lock`.
    public static func lockPath(for path: String) -> String { path + ".lock" }

    /// Waits up to `timeout` for the exclusive lock protecting `path`, creating the sidecar (and its
    /// directory, mode 0700) when missing. Polls with a non-blocking `flock`, so it can give up with
    /// `StorageError.lockTimeout` instead of hanging behind a stuck process. The waits between tries
    /// (1 ms, doubling up to 50 ms) and the deadline are `clock`'s.
    public init(
        protecting path: String, timeout: Duration = .seconds(10), clock: any TimeSource = SystemClock()
    ) throws(StorageError) {
        let lockPath = Self.lockPath(for: path)
        try FileSystem.createDirectory(parentDirectory(of: lockPath))
        let descriptor = try FileSystem.open(lockPath, flags: O_RDWR | O_CREAT, mode: 0o600)
        // The sidecar holds no data; 0600 only keeps other users from holding our lock. Failing to
        // change the mode of a file someone else created is not a reason to refuse to work.
        _ = fchmod(descriptor, 0o600)

        let (seconds, attoseconds) = timeout.components
        let deadline = clock.monotonicMilliseconds + Double(seconds) * 1000 + Double(attoseconds) / 1e15
        var pause = 1
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                _ = close(descriptor)
                throw .io(path: lockPath, operation: "flock", errno: code)
            }
            guard clock.monotonicMilliseconds < deadline else {
                _ = close(descriptor)
                throw .lockTimeout(lockPath: lockPath, timeout: timeout)
            }
            clock.sleep(milliseconds: pause)
            pause = min(pause * 2, 50)
        }
        self.lockPath = lockPath
        self.descriptor = descriptor
    }

    /// Releases the lock now rather than when the value goes out of scope.
    public consuming func unlock() {}

    deinit {
        // Closing the only descriptor of the open file description releases the flock.
        _ = close(descriptor)
    }

    /// Runs `body` while holding the lock protecting `path`.
    public static func withLock<Result>(
        protecting path: String, timeout: Duration = .seconds(10), _ body: () throws -> Result
    ) throws -> Result {
        let lock = try FileLock(protecting: path, timeout: timeout)
        let result = try body()
        lock.unlock()  // Explicit, so the lock provably outlives `body` (when `body` throws, scope exit drops it).
        return result
    }
}
