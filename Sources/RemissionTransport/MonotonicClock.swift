#if canImport(Glibc)
    import Glibc
#endif

/// A limit in seconds as whole milliseconds, at least 1 (what the transports' timeouts take).
func milliseconds(_ seconds: Double) -> Int {
    max(1, Int((seconds * 1000).rounded()))
}

/// Milliseconds on the monotonic clock; only differences mean anything.
public func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}
