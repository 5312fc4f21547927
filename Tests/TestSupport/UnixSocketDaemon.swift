import Foundation

/// Transmission 4.1.3 serving RPC on a unix socket only (`rpc_bind_address: "unix:PATH"`), in its
/// own configuration directory, authentication off (the daemon turns its whitelists off for a unix
/// socket). Runs in its own session with a watchdog that ends it should the test process die;
/// `stop(killing:)` ends it by PID (SIGKILL leaves the socket file behind, as a crash does; SIGTERM
/// lets the daemon remove it).
public final class UnixSocketDaemon: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public let socketPath: String
    private let pid: pid_t

    /// `binary`: the 4.x daemon (the bed's `MODERN_DAEMON`).
    public init(binary: String) throws {
        directory = TemporaryDirectory()
        let dir = directory.path
        socketPath = dir + "/rpc.sock"
        let peerPort = try LoopbackPort(.refusing).port
        let settings = """
            {
                "anti_brute_force_enabled": false,
                "rpc_enabled": true,
                "rpc_bind_address": "unix:\(socketPath)",
                "rpc_url": "/transmission/",
                "rpc_authentication_required": false,
                "bind_address_ipv4": "127.0.0.1",
                "bind_address_ipv6": "::1",
                "peer_port": \(peerPort),
                "peer_port_random_on_start": false,
                "port_forwarding_enabled": false,
                "dht_enabled": false,
                "lpd_enabled": false,
                "pex_enabled": false,
                "utp_enabled": false,
                "download_dir": "\(dir)/downloads"
            }

            """
        try settings.write(toFile: dir + "/settings.json", atomically: true, encoding: .utf8)
        let launched = try ProcessRunner.run(
            "bash",
            args: [
                "-c",
                """
                setsid "$1" -f -g "$2" </dev/null >"$2/daemon.log" 2>&1 & daemon=$!
                (while kill -0 "$3" 2>/dev/null && kill -0 $daemon 2>/dev/null; do sleep 1; done; kill $daemon 2>/dev/null) \
                    </dev/null >/dev/null 2>&1 &
                echo $daemon
                """,
                "bash", binary, dir, String(getpid()),
            ])
        guard let pid = pid_t(launched.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSSHServerError.notStarted(launched.stderrText)
        }
        self.pid = pid
        let deadline = Date().addingTimeInterval(15)
        var kind = stat()
        while Date() < deadline, !(lstat(socketPath, &kind) == 0 && kind.st_mode & S_IFMT == S_IFSOCK) {
            usleep(50_000)
        }
        guard lstat(socketPath, &kind) == 0 else {
            kill(pid, SIGKILL)
            throw TestSSHServerError.notStarted(readText(dir + "/daemon.log") ?? "")
        }
    }

    deinit { stop() }

    /// Ends the daemon: SIGKILL (`killing`) leaves its socket file with nobody listening.
    public func stop(killing: Bool = false) {
        kill(pid, killing ? SIGKILL : SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, let stat = readText("/proc/\(pid)/stat"),
            stat.split(separator: ")").last?.split(separator: " ").first != "Z"
        {
            usleep(20_000)
        }
    }
}
