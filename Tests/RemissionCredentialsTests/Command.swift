import Glibc

/// What a child process printed and how it ended.
struct CommandResult {
    let status: Int32
    let output: String
    let errors: String
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
}

/// Runs helper programs (secret-tool, dbus-send, gnome-keyring-daemon) for the keyring tests.
///
/// posix_spawn rather than Foundation's `Process`: `Process` on Linux learns that a child has
/// exited through a descriptor the child inherits, so a child that leaves a daemon behind
/// (`gnome-keyring-daemon --replace`) never seems to end. Here the pipes are close-on-exec
/// except as the child's stdin, stdout and stderr, `waitpid` says when it ends, and the child
/// starts with no blocked signals.
enum Command {
    /// Runs `arguments` (the program found on PATH) under coreutils' `timeout`, so a hung helper
    /// fails the test instead of blocking it. Secrets go in through `input`, never argv. With
    /// `discardOutput`, stdout and stderr go to /dev/null: a daemon the command leaves behind
    /// would otherwise hold the pipes open.
    @discardableResult
    static func run(_ arguments: [String], input: String? = nil, discardOutput: Bool = false, limit: Int = 20) throws
        -> CommandResult
    {
        let argv = ["timeout", String(limit)] + arguments
        let stdin = try pipe()
        let stdout = try pipe()
        let stderr = try pipe()
        var childEnds = [stdin.read, stdout.write, stderr.write]
        defer {
            for fd in childEnds + [stdout.read, stderr.read] { close(fd) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        if discardOutput {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
            posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        }

        // The spawning thread may block signals (Dispatch's threads block nearly all); a child
        // inherits the mask, and a dbus-daemon that cannot see SIGTERM outlives its session.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        // Only the child keeps its ends: EOF on stdout/stderr then means it is done.
        for fd in childEnds { close(fd) }
        childEnds = []
        if spawned == 0, let input {
            var bytes = Array(input.utf8)
            _ = write(stdin.write, &bytes, bytes.count)
        }
        close(stdin.write)
        guard spawned == 0 else { throw CommandError(description: "cannot run \(argv): errno \(spawned)") }
        let (output, errors) = discardOutput ? ([], []) : readBoth(stdout.read, stderr.read)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return CommandResult(
            status: exitStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    /// A pipe whose ends are closed on exec (the child gets copies through dup2).
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { throw CommandError(description: "pipe: errno \(errno)") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// Reads two descriptors to EOF at the same time, so that neither pipe can fill and block.
    private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var buffers: [[UInt8]] = [[], []]
        var fds = [
            pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0),
        ]
        var chunk = [UInt8](repeating: 0, count: 4096)
        while fds.contains(where: { $0.fd >= 0 }) {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &chunk, chunk.count)
                if count > 0 {
                    buffers[index] += chunk[..<count]
                } else if count == 0 || errno != EINTR {
                    fds[index].fd = -1  // EOF or error: stop watching (poll ignores negative fds)
                }
            }
        }
        return (buffers[0], buffers[1])
    }
}
