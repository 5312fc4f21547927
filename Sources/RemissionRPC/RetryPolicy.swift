/// How often and how long to wait before retrying a call that failed for a transient reason.
///
/// Transient means the same request may well succeed a moment later: a timeout, a broken
/// connection, or 502/503/504 from a reverse proxy whose upstream daemon is restarting
/// (`RPCError.isTransient`). Everything else — 401, 403, 421, a refused trust decision, a failed
/// DNS lookup, a refused connection (nothing listens: waiting will not help, and `check` should
/// say OFFLINE at once), an RPC error — is reported immediately. A request that is not idempotent
/// (`RPCMethod.isIdempotent`) is retried only after a fault that shows it never left
/// (`allowsRetry(after:attempt:idempotent:)`).
///
/// The delay before retry *n* (1-based) is `min(maxDelay, baseDelay × 2^(n−1))`, reduced by up to
/// `jitter` of itself at random so that many clients do not retry in step.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; 1 disables retries. Default 3.
    public var maxAttempts: Int
    /// Delay before the first retry. Default 250 ms.
    public var baseDelayMilliseconds: Int
    /// Upper bound on any delay. Default 2000 ms.
    public var maxDelayMilliseconds: Int
    /// Fraction (0…1) of each delay that is randomised. Default 0.2.
    public var jitter: Double

    public init(
        maxAttempts: Int = 3, baseDelayMilliseconds: Int = 250, maxDelayMilliseconds: Int = 2000, jitter: Double = 0.2
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelayMilliseconds = max(0, baseDelayMilliseconds)
        self.maxDelayMilliseconds = max(0, maxDelayMilliseconds)
        self.jitter = min(1, max(0, jitter))
    }

    public static let standard = RetryPolicy()

    /// No retries: for `check`, which reports each step itself.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// Whether to send a request again after `error` ended attempt number `attempt`: the fault is
    /// transient, attempts are left, and the request is `idempotent` or the fault shows it never left
    /// (`RPCError.mayHaveReachedServer`). A `torrent-remove` whose connection closed before the
    /// answer may have been done: it is not sent again (PRODUCT.md §2).
    public func allowsRetry(after error: RPCError, attempt: Int, idempotent: Bool) -> Bool {
        guard error.isTransient, attempt < maxAttempts else { return false }
        return idempotent || !error.mayHaveReachedServer
    }

    /// The delay before retry number `retry` (1 = the first retry), given a random `fraction` in 0..<1.
    public func delayMilliseconds(beforeRetry retry: Int, randomFraction fraction: Double) -> Int {
        let exponent = min(max(retry - 1, 0), 30)
        let (scaled, overflow) = baseDelayMilliseconds.multipliedReportingOverflow(by: 1 << exponent)
        let delay = Double(overflow ? maxDelayMilliseconds : min(scaled, maxDelayMilliseconds))
        let clamped = min(max(fraction, 0), 1)
        return Int((delay * (1 - jitter * clamped)).rounded())
    }
}

/// A source of random fractions in 0..<1 for retry jitter. Injected so that tests can fix it.
public protocol RandomSource {
    mutating func nextFraction() -> Double
}

/// The system's random number generator.
public struct SystemRandomSource: RandomSource, Sendable {
    public init() {}

    public mutating func nextFraction() -> Double { Double.random(in: 0..<1) }
}
