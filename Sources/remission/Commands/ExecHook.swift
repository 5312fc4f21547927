import RemissionModel
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// `notify --exec CMD`: runs the user's own CMD through `/bin/sh -c` once per event, with the
/// event's JSON on its standard input. Nothing of the server reaches the shell: not in argv, not in
/// the environment (the run's own, `CommandIO`, without Remission's secrets: `ChildEnvironment`),
/// only on stdin as JSON.
///
/// Bounded: CMD runs in a process group of its own, which is killed (SIGKILL) when it has not
/// finished after `timeout` seconds; its stdout goes to /dev/null and the first 4 kB of its stderr
/// are kept for the failure line.
struct ExecHook: Sendable {
    let command: String
    var timeout: Double = ExecHook.defaultTimeout

    static let defaultTimeout = 30.0
    static let stderrLimit = 4096

    /// Runs CMD with `input` on its stdin; nil when it exited 0.
    func run(input: [UInt8]) -> ExecProblem? {
        var stdinPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard Self.closingPipe(&stdinPipe) else { return .notStarted(String(cString: strerror(errno))) }
        guard Self.closingPipe(&stderrPipe) else {
            close(stdinPipe[0])
            close(stdinPipe[1])
            return .notStarted(String(cString: strerror(errno)))
        }
        let spawned = spawn(stdin: stdinPipe[0], stderr: stderrPipe[1])
        close(stdinPipe[0])
        close(stderrPipe[1])
        guard case .success(let child) = spawned else {
            close(stdinPipe[1])
            close(stderrPipe[0])
            if case .failure(let problem) = spawned { return problem }
            return nil
        }
        let (status, stderr) = supervise(child, stdin: stdinPipe[1], stderr: stderrPipe[0], input: input)
        guard let status else { return .timedOut(seconds: Int(timeout.rounded(.up))) }
        if status & 0x7F != 0 { return .signalled(status & 0x7F) }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : .exited(code, stderr: Self.firstLine(stderr))
    }

    /// A pipe whose ends close on exec (the child gets its ends through dup2, which clears the flag).
    private static func closingPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private func spawn(stdin: Int32, stderr: Int32) -> Result<pid_t, ExecProblem> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child = pid_t()
        let result = CommandIO.current.withChildEnvironmentBlock {
            posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, $0)
        }
        guard result == 0 else { return .failure(ExecProblem.notStarted(String(cString: strerror(result)))) }
        return .success(child)
    }

    /// Feeds `input`, collects stderr, and waits until the child exits or the timeout passes (then
    /// its process group is killed). The wait status, or nil on timeout.
    private func supervise(_ child: pid_t, stdin: Int32, stderr: Int32, input: [UInt8]) -> (Int32?, [UInt8]) {
        _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
        _ = fcntl(stderr, F_SETFL, fcntl(stderr, F_GETFL) | O_NONBLOCK)
        let deadline = WatchTerminal.monotonicSeconds() + timeout
        var written = 0
        var input: [UInt8]? = input
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        defer { close(stderr) }
        while true {
            if let pending = input {
                let count = pending.isEmpty ? 0 : Self.writeWithoutSIGPIPE(stdin, pending, from: written)
                if count > 0 { written += count }
                if pending.isEmpty || written >= pending.count || (count < 0 && errno != EAGAIN) {
                    close(stdin)
                    input = nil
                }
            }
            let count = buffer.withUnsafeMutableBytes { read(stderr, $0.baseAddress, $0.count) }
            if count > 0, collected.count < Self.stderrLimit {
                collected += buffer.prefix(min(count, Self.stderrLimit - collected.count))
            }
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child {
                if input != nil { close(stdin) }
                return (status, collected)
            }
            if WatchTerminal.monotonicSeconds() >= deadline {
                kill(-child, SIGKILL)
                var reaped: Int32 = 0
                _ = waitpid(child, &reaped, 0)
                if input != nil { close(stdin) }
                return (nil, collected)
            }
            if count <= 0 { SystemClock().sleep(milliseconds: 10) }
        }
    }

    /// `write` with SIGPIPE blocked for the call and a pending one consumed (a CMD that exits without
    /// reading its stdin must not end notify).
    private static func writeWithoutSIGPIPE(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        let saved = errno
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&blocked, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = saved
        return count
    }

    /// The first line of CMD's stderr, as text (`NotifyText` makes it safe).
    static func firstLine(_ bytes: [UInt8]) -> String {
        let line = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: true).first ?? []
        return String(decoding: line, as: UTF8.self)
    }
}
