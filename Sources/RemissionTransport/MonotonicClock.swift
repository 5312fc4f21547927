#if canImport(Glibc)
    import Glibc
#endif

/// Milliseconds on the monotonic clock; only differences mean anything.
public func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}
