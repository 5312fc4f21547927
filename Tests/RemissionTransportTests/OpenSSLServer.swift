import Foundation
import TestSupport
import Testing

/// A real `openssl s_server` on a free loopback port, for faults the bed's nginx does not produce
/// (a chain with an appended CA certificate, a TLS alert refusing a client certificate).
struct OpenSSLServer {
    let pid: pid_t
    let port: Int

    /// Starts `openssl` with the arguments `arguments(port)` gives and waits until it listens; its
    /// standard output (what `s_server` without `-www` received) goes to `output`, if given, and then its
    /// standard input is a FIFO that never ends (`output` + `.stdin`).
    static func start(_ bed: TestBed, output: String? = nil, _ arguments: (Int) -> [String]) throws -> OpenSSLServer {
        let port = try freePort(bed)
        let server = OpenSSLServer(pid: try spawnServer(arguments(port), output: output), port: port)
        if !LoopbackPort.waitUntilListening(port: port) {
            Issue.record("openssl s_server did not start on port \(port)")
        }
        return server
    }

    /// SIGKILL: a child spawned from a test thread inherits its blocked signals, SIGTERM included.
    func stop() {
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
    }

    private static func freePort(_ bed: TestBed) throws -> Int {
        let helper = TestBed.repositoryRoot + "/scripts/lib/testbed_helper.py"
        // Prints `ipv6=yes|no`, then the ports.
        let result = try bed.run("python3", args: [helper, "ports", "1"])
        let lines = result.stdoutText.split(separator: "\n")
        return try #require(lines.last.flatMap { Int($0) })
    }

    private static func spawnServer(_ arguments: [String], output: String?) throws -> pid_t {
        var pid: pid_t = 0
        let argv = (["openssl"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        // With an output, standard input is a FIFO the server itself holds open for writing: it never
        // reads EOF there, which would make s_server (without -www) close the connection at once.
        var input = "/dev/null"
        if let output {
            input = output + ".stdin"
            try #require(mkfifo(input, 0o600) == 0 || errno == EEXIST)
        }
        posix_spawn_file_actions_addopen(&actions, 0, input, output == nil ? O_RDONLY : O_RDWR, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let status = posix_spawnp(&pid, "openssl", &actions, nil, argv, environ)
        try #require(status == 0)
        return pid
    }
}
