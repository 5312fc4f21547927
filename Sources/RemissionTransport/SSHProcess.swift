import CShims
import RemissionModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The ssh process behind one connection: started with one end of a socketpair as its stdin and
/// stdout (the connection uses the other end as it would a TCP socket), its stderr captured through
/// a pipe (the last `stderrLimit` bytes) for diagnosis.
///
/// Ended — SIGTERM, `graceMilliseconds`, then SIGKILL, and reaped — when the connection lets it go
/// (`end`, deinit). Its pid is also in CShims' table of children, which `rm_end_children` ends on
/// the exit paths and the signal handlers that never run a deinit (`_exit`, Ctrl-C, SIGTERM).
final class SSHProcess {
    let pid: pid_t
    private let capture: StderrCapture
    private var exitStatus: Int32?
    private var reaped = false

    static let stderrLimit = 64 * 1024
    static let graceMilliseconds: Int32 = 300

    private init(pid: pid_t, capture: StderrCapture) {
        self.pid = pid
        self.capture = capture
    }

    deinit { end() }

    /// Starts `arguments` (the first looked up in PATH) with `environment` (`NAME=value` entries, already
    /// without Remission's secrets). Returns the process and our end of the socketpair, non-blocking
    /// and close-on-exec.
    static func start(_ arguments: [String], environment: [String]) throws(SSHFailure) -> (
        process: SSHProcess, descriptor: Int32
    ) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .other(detail: String(cString: strerror(errno)))
        }
        var errors: [Int32] = [-1, -1]
        // Close-on-exec at once; a spawn on another thread meanwhile closes it anyway (closefrom).
        guard pipe(&errors) == 0, fcntl(errors[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(errors[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            let detail = String(cString: strerror(errno))
            _ = close(pair[0])
            _ = close(pair[1])
            throw .other(detail: detail)
        }
        let words = arguments.map { strdup($0) } + [nil]
        let entries = environment.map { strdup($0) } + [nil]
        defer { for word in words + entries { free(word) } }
        var pid: pid_t = 0
        let failure = words.withUnsafeBufferPointer { argv in
            entries.withUnsafeBufferPointer { envp in
                rm_spawn_child(argv.baseAddress, envp.baseAddress, pair[1], errors[1], &pid)
            }
        }
        _ = close(pair[1])
        _ = close(errors[1])
        guard failure == 0 else {
            _ = close(pair[0])
            _ = close(errors[0])
            if failure == ENOENT || failure == EACCES { throw .notInstalled(command: arguments.first ?? "ssh") }
            throw .other(detail: String(cString: strerror(failure)))
        }
        rm_end_children_on_signals()
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        let capture = StderrCapture(descriptor: errors[0], limit: stderrLimit)
        capture.startReading()
        return (SSHProcess(pid: pid, capture: capture), pair[0])
    }

    /// What ssh said and how it ended, waiting until `deadline` (monotonic milliseconds) for it to
    /// exit; `exitStatus` nil when it is still running (or was ended by a signal).
    func outcome(waitingUntil deadline: Double) -> SSHOutcome {
        while !reaped, SystemClock().monotonicMilliseconds < deadline {
            if reapIfExited() { break }
            SystemClock().sleep(milliseconds: 5)
        }
        // Exited: what it wrote last is still in the pipe until the reader gets to the end.
        if reaped { capture.waitForEnd(until: max(deadline, SystemClock().monotonicMilliseconds + 100)) }
        let (kept, authenticatedAt) = capture.snapshot()
        let bytes = kept.suffix(Self.stderrLimit)
        return SSHOutcome(
            exitStatus: exitStatus, stderr: String(decoding: bytes, as: UTF8.self), authenticatedAt: authenticatedAt)
    }

    /// When ssh said it logged in (monotonic milliseconds), if it has.
    var authenticatedAt: Double? { capture.snapshot().authenticatedAt }

    /// Ends ssh (SIGTERM, then SIGKILL after the grace) and reaps it; nothing when it already ended.
    func end() {
        defer { capture.stop() }
        guard !reaped else { return }
        rm_forget_child(pid)  // first: the exit path's table never signals a pid reaped here
        if reapIfExited() { return }
        kill(pid, SIGTERM)
        var waited: Int32 = 0
        while waited < Self.graceMilliseconds {
            SystemClock().sleep(milliseconds: 5)
            waited += 5
            if reapIfExited() { return }
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        reaped = true
    }

    /// Reaps ssh if it has exited, keeping its exit status.
    private func reapIfExited() -> Bool {
        var status: Int32 = 0
        let done = waitpid(pid, &status, WNOHANG)
        if done == pid {
            reaped = true
            // WIFEXITED / WEXITSTATUS, which Swift does not import.
            if status & 0x7F == 0 { exitStatus = (status >> 8) & 0xFF }
            return true
        }
        if done == -1, errno == ECHILD {
            reaped = true  // reaped by the exit path's rm_end_children
            return true
        }
        return false
    }
}

/// What one ssh process said and how it ended.
struct SSHOutcome: Sendable, Equatable {
    var exitStatus: Int32?
    var stderr: String
    var authenticatedAt: Double?
}

/// ssh's stderr, read on a thread of its own so ssh never blocks on a full pipe: the last `limit`
/// bytes kept, and when the "Authenticated to" line came.
private final class StderrCapture: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var authenticatedAt: Double?
        var ended = false
    }

    private let descriptor: Int32
    private let limit: Int
    private let state = Mutex(State())
    private let stopping = Atomic<Bool>(false)

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    func startReading() {
        let retained = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                let capture = Unmanaged<StderrCapture>.fromOpaque(raw!).takeRetainedValue()
                capture.readUntilEnd()
                return nil
            }, retained)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<StderrCapture>.fromOpaque(retained).release()
            _ = close(descriptor)
            state.withLock { $0.ended = true }
        }
    }

    /// Reads until ssh (and whatever inherited its stderr) closed the pipe, or until stopped and
    /// nothing more comes within 50 ms; then closes the pipe.
    private func readUntilEnd() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let mark = Array(SSHDiagnosis.authenticatedMark.utf8)
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 50)
            if ready == 0 {
                if stopping.load(ordering: .acquiring) { break }
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 { break }
            let now = SystemClock().monotonicMilliseconds
            state.withLock { state in
                let start = max(0, state.bytes.count - mark.count)
                state.bytes += buffer[0..<count]
                if state.authenticatedAt == nil, state.bytes[start...].firstRange(of: mark) != nil {
                    state.authenticatedAt = now
                }
                // Trimmed once it holds twice the limit: a flood costs a copy per `limit` bytes.
                if state.bytes.count > 2 * limit { state.bytes.removeFirst(state.bytes.count - limit) }
            }
        }
        _ = close(descriptor)
        state.withLock { $0.ended = true }
    }

    func snapshot() -> (bytes: [UInt8], authenticatedAt: Double?) {
        state.withLock { ($0.bytes, $0.authenticatedAt) }
    }

    /// Waits (at most until `deadline`) for the reader to reach the end of the pipe.
    func waitForEnd(until deadline: Double) {
        while !state.withLock({ $0.ended }), SystemClock().monotonicMilliseconds < deadline {
            SystemClock().sleep(milliseconds: 2)
        }
    }

    func stop() { stopping.store(true, ordering: .releasing) }
}
