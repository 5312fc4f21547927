import CSecret

/// A `GCancellable` that a helper thread cancels when a timeout passes.
///
/// libsecret's `…_sync` calls block on D-Bus. A provider that is activatable but hung (or
/// showing a prompt nobody can see) would hold them for the D-Bus default of 25 s per call,
/// several calls in a row; some never answer at all. Every keyring operation therefore runs
/// under one deadline: when it passes, the cancellable is cancelled (GIO cancellation is
/// thread-safe), the blocked call returns `G_IO_ERROR_CANCELLED`, a prompt is dismissed, and
/// the operation reports ``KeyringError/timedOut(operation:)``.
///
/// Call ``finish()`` exactly once when the operation is over; it stops and joins the thread.
final class Deadline: @unchecked Sendable {
    /// Pass this to every libsecret call of the operation.
    let cancellable: OpaquePointer

    private let mutex: UnsafeMutablePointer<GMutex>
    private let condition: UnsafeMutablePointer<GCond>
    private let endTime: gint64
    private var isFinished = false  // guarded by mutex
    private var didExpire = false  // guarded by mutex
    private var thread: OpaquePointer?

    init(timeout: Duration) {
        cancellable = libsecret.g_cancellable_new()!
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        libsecret.g_mutex_init(mutex)
        libsecret.g_cond_init(condition)
        endTime = libsecret.g_get_monotonic_time() + Self.microseconds(timeout)
        guard timeout > .zero else {
            // Already over: cancel now rather than racing a thread against the first call.
            didExpire = true
            libsecret.g_cancellable_cancel(cancellable)
            return
        }
        let context = Unmanaged.passRetained(self).toOpaque()
        thread = libsecret.g_thread_new(
            "remission-deadline",
            { context in
                let deadline = Unmanaged<Deadline>.fromOpaque(context!).takeRetainedValue()
                deadline.watch()
                return nil
            }, context)
    }

    deinit {
        libsecret.g_mutex_clear(mutex)
        libsecret.g_cond_clear(condition)
        mutex.deallocate()
        condition.deallocate()
        libsecret.g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    /// True once the timeout has passed before ``finish()``.
    var expired: Bool {
        libsecret.g_mutex_lock(mutex)
        defer { libsecret.g_mutex_unlock(mutex) }
        return didExpire
    }

    /// Ends the watch: the thread stops waiting and is joined. Idempotent.
    func finish() {
        libsecret.g_mutex_lock(mutex)
        isFinished = true
        libsecret.g_cond_signal(condition)
        libsecret.g_mutex_unlock(mutex)
        if let thread {
            _ = libsecret.g_thread_join(thread)
            self.thread = nil
        }
    }

    /// Runs on the helper thread: waits for ``finish()`` or the end time.
    private func watch() {
        libsecret.g_mutex_lock(mutex)
        while !isFinished {
            if libsecret.g_cond_wait_until(condition, mutex, endTime) == 0 && !isFinished {
                didExpire = true
                libsecret.g_mutex_unlock(mutex)
                libsecret.g_cancellable_cancel(cancellable)
                return
            }
        }
        libsecret.g_mutex_unlock(mutex)
    }

    static func microseconds(_ duration: Duration) -> gint64 {
        let (seconds, attoseconds) = duration.components
        return gint64(max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
}
