import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished child process left behind.
public struct ProcessResult: Sendable, Equatable {
    /// The exit status, or 128 + the signal number when a signal ended the process.
    public var status: Int32
    public var stdout: Data
    public var stderr: Data
    /// True when the process was killed because it ran past its time limit.
    public var timedOut: Bool

    public init(status: Int32, stdout: Data, stderr: Data, timedOut: Bool = false) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
    }

    /// Standard output as UTF-8 text (invalid bytes replaced).
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as UTF-8 text (invalid bytes replaced).
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

public enum ProcessRunnerError: Error, CustomStringConvertible {
    case executableNotFound(String)
    case launchFailed(String, errno: Int32)

    public var description: String {
        switch self {
        case .executableNotFound(let name):
            "executable not found on PATH: \(name)"
        case .launchFailed(let path, let code):
            "could not launch \(path): \(String(cString: strerror(code)))"
        }
    }
}

/// Runs child processes for tests, with `posix_spawn` and three pipes, each drained on its
/// own thread so that a chatty child can never deadlock against a full pipe.
///
/// Not Foundation's `Process`: a child spawned from a Dispatch worker thread inherits that
/// thread's blocked signals, so a daemon started that way ignores SIGTERM. Here every
/// child starts with an empty signal mask and default signal actions, and inherits no
/// descriptor beyond its standard three.
public enum ProcessRunner {
    /// Runs `executable` to completion and returns its status and output.
    ///
    /// - Parameters:
    ///   - executable: a path, or a bare name looked up on `PATH` (the child's, then this
    ///     process's; `/usr/sbin` and `/sbin` are tried last).
    ///   - args: the arguments, without the executable itself.
    ///   - env: variables set for the child on top of the inherited environment.
    ///   - clearEnvironment: start from an empty environment instead of inheriting one.
    ///   - stdin: bytes written to the child's standard input, which is then closed;
    ///     `nil` connects standard input to /dev/null.
    ///   - currentDirectory: the child's working directory (default: this process's).
    ///   - timeout: the child is sent SIGTERM, then SIGKILL, when it runs longer.
    /// - Warning: blocks the calling thread until the child exits.
    public static func run(
        _ executable: String,
        args: [String] = [],
        env: [String: String] = [:],
        clearEnvironment: Bool = false,
        stdin: Data? = nil,
        currentDirectory: String? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> ProcessResult {
        _ = ignoreSIGPIPE
        var environment = clearEnvironment ? [:] : ProcessInfo.processInfo.environment
        environment.merge(env) { _, new in new }
        let path = try resolve(executable, path: environment["PATH"])
        let started = Date()
        defer { if CommandTally.startsRemission(executable, args) { CommandTally.note("process", since: started) } }

        let output = try makePipe()
        let errors = try makePipe()
        let input = try stdin.map { _ in try makePipe() }
        let pid = try spawn(
            path, args: args, environment: environment, currentDirectory: currentDirectory,
            stdin: input?.read, stdout: output.write, stderr: errors.write)
        close(output.write)
        close(errors.write)
        if let input { close(input.read) }

        let stdoutReader = PipeReader(output.read)
        let stderrReader = PipeReader(errors.read)
        if let stdin, let input {
            Thread.detachNewThread { writeAll(stdin, to: input.write) }
        }
        let waiter = ExitWaiter(pid)

        var timedOut = false
        var status = waiter.wait(seconds: timeout.timeInterval)
        if status == nil {
            timedOut = true
            kill(pid, SIGTERM)
            status = waiter.wait(seconds: 2)
            if status == nil {
                kill(pid, SIGKILL)
                status = waiter.wait(seconds: 10)
            }
        }
        // A grandchild may still hold the pipes open; don't wait for it forever.
        return ProcessResult(
            status: status ?? 128 + SIGKILL,
            stdout: stdoutReader.finish(within: 5),
            stderr: stderrReader.finish(within: 5),
            timedOut: timedOut)
    }

    /// Starts `path` and returns its PID (see the type's notes on signals and descriptors).
    static func spawn(
        _ path: String, args: [String], environment: [String: String], currentDirectory: String?,
        stdin: Int32?, stdout: Int32, stderr: Int32
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        _ = GNU.addCloseFrom(&actions, 3)
        if let currentDirectory {
            _ = GNU.addChdir(&actions, currentDirectory)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaultSignals, Int32(signal))
        }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + args).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard code == 0 else {
            throw ProcessRunnerError.launchFailed(path, errno: code)
        }
        return pid
    }

    /// Finds an executable the way a shell would.
    static func resolve(_ executable: String, path: String?) throws -> String {
        if executable.contains("/") {
            return executable
        }
        let searchPath = path ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = searchPath.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        for directory in directories where !directory.isEmpty {
            let candidate = directory + "/" + executable
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        throw ProcessRunnerError.executableNotFound(executable)
    }

    /// A pipe whose descriptors close on exec, so that no other child inherits them.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else {
            throw ProcessRunnerError.launchFailed("pipe", errno: errno)
        }
        return (fds[0], fds[1])
    }

    private static func writeAll(_ data: Data, to fd: Int32) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // A child that exits without reading makes this fail with EPIPE, not SIGPIPE.
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
        }
        close(fd)
    }

    /// Writing to a pipe whose reader has gone must be an error, not the end of the tests.
    private static let ignoreSIGPIPE: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}

/// glibc extensions that Swift's Glibc module does not declare (it is built without
/// _GNU_SOURCE), looked up at run time. All exist since glibc 2.34 (Debian 12 has 2.36).
private enum GNU {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    typealias AddChdir =
        @convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?
        ) -> Int32

    nonisolated(unsafe) static let pipe2: Pipe2 = symbol("pipe2")
    nonisolated(unsafe) static let addCloseFrom: AddCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np")
    nonisolated(unsafe) static let addChdir: AddChdir = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<Function>(_ name: String) -> Function {
        guard let address = dlsym(nil, name) else {
            fatalError("glibc lacks \(name) (glibc 2.34 or later is needed)")
        }
        return unsafeBitCast(address, to: Function.self)
    }
}

/// Drains one pipe on a dedicated thread (never on the Swift concurrency pool).
private final class PipeReader: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ fd: Int32) {
        Thread.detachNewThread { self.drain(fd) }
    }

    private func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.withLock { $0.append(contentsOf: buffer[0..<count]) }
        }
        close(fd)
        done.signal()
    }

    /// Everything read so far, after waiting up to `seconds` for end-of-file.
    func finish(within seconds: Double) -> Data {
        _ = done.wait(timeout: .now() + seconds)
        return data.withLock { $0 }
    }
}

/// Reaps one child on a dedicated thread and keeps its decoded status.
private final class ExitWaiter: Sendable {
    private let status = Mutex<Int32?>(nil)
    private let exited = DispatchSemaphore(value: 0)

    init(_ pid: pid_t) {
        Thread.detachNewThread { self.reap(pid) }
    }

    private func reap(_ pid: pid_t) {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signal = raw & 0x7f
        let decoded = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        status.withLock { $0 = decoded }
        exited.signal()
    }

    /// The status, or nil if the child is still running after `seconds`.
    func wait(seconds: Double) -> Int32? {
        if let status = status.withLock({ $0 }) { return status }
        guard exited.wait(timeout: .now() + seconds) == .success else { return nil }
        exited.signal()  // later calls return at once
        return status.withLock { $0 }
    }
}

extension Duration {
    /// This duration in seconds, for Dispatch and Foundation APIs.
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
