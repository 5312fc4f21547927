#if canImport(Glibc)
    import Glibc
#endif

/// The time as Remission reads it, and the one way it waits. Code whose decisions depend on time
/// (a command's deadline and its retries, a lock's patience, the poll's timing) takes
/// `any TimeSource`, so that a test passes a fake that never sleeps; everything else reads
/// `SystemClock`, the one real implementation.
///
/// Two clocks, for two purposes: `now` is the wall clock (dates people read and files keep: a
/// certificate's expiry, when a snapshot was saved), which may jump; `monotonicMilliseconds` only
/// goes forward and measures durations and deadlines. Never mix them.
public protocol TimeSource {
    /// Unix seconds on the wall clock.
    var now: Int64 { get }
    /// Milliseconds on the monotonic clock (`CLOCK_MONOTONIC`); only differences mean anything.
    var monotonicMilliseconds: Double { get }
    /// Blocks the calling thread for `milliseconds` (nothing for 0 or less).
    func sleep(milliseconds: Int)
}

/// The system's clocks: `time`, `CLOCK_MONOTONIC` and `nanosleep`. A value with nothing in it.
public struct SystemClock: TimeSource, Sendable, Equatable {
    public init() {}

    public var now: Int64 { Int64(time(nil)) }

    public var monotonicMilliseconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }

    /// Sleeps with `nanosleep`, resumed after a signal for what is left, so a handled signal
    /// (SIGWINCH in `watch`) does not cut a wait short. Takes up to `Int.max` milliseconds (`check
    /// --watch 86400` waits a day; `usleep` would stop at ~71 minutes).
    public func sleep(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
