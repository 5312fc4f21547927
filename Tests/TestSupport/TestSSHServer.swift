import Foundation

/// A real OpenSSH server on a free loopback port, for the ssh route's tests: its own host key,
/// an authorized user key (root logs in by key only: `PermitRootLogin prohibit-password`), and the
/// client side a test hands remission through `REMISSION_SSH_COMMAND` (`ssh -F CONFIG`), since
/// OpenSSH reads `~/.ssh` from the passwd entry, not `$HOME`.
///
/// Client configurations: `.trusted` (known_hosts holds the host key), `.unknownHostKey` (an empty
/// known_hosts), `.changedHostKey` (known_hosts holds another key for the host) and `.wrongKey`
/// (an identity the server does not authorize), each with the `Host` alias `nas` (`aliasDestination`).
/// sshd runs in its own session; a watchdog ends it
/// should the test process die, and `stop` (or deinit) ends it by PID.
public final class TestSSHServer: @unchecked Sendable {
    public enum Client: String, Sendable, CaseIterable {
        case trusted, unknownHostKey, changedHostKey, wrongKey
    }

    public let port: Int
    public let directory: TemporaryDirectory
    private let pid: pid_t

    /// `forwarding`: sshd's AllowTcpForwarding (no: every `-W` is "administratively prohibited").
    public init(forwarding: Bool = true) throws {
        directory = TemporaryDirectory()
        let dir = directory.path
        for (name, type) in [
            ("host_key", "ed25519"), ("other_host_key", "ed25519"), ("user_key", "ed25519"),
            ("stranger_key", "ed25519"),
        ] {
            let made = try ProcessRunner.run(
                "ssh-keygen", args: ["-q", "-t", type, "-N", "", "-C", name, "-f", "\(dir)/\(name)"])
            guard made.status == 0 else { throw TestSSHServerError.notStarted(made.stderrText) }
        }
        try FileManager.default.copyItem(atPath: "\(dir)/user_key.pub", toPath: "\(dir)/authorized_keys")
        // sshd refuses to start without its privilege-separation directory.
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        var started: (port: Int, pid: pid_t)?
        var lastLog = ""
        for _ in 0..<5 where started == nil {
            let port = try Self.freePort()
            try Self.serverConfig(dir: dir, port: port, forwarding: forwarding)
                .write(toFile: "\(dir)/sshd_config", atomically: true, encoding: .utf8)
            let launched = try ProcessRunner.run(
                "bash",
                args: [
                    "-c",
                    """
                    setsid /usr/sbin/sshd -D -e -f "$1" </dev/null >/dev/null 2>>"$2" & sshd=$!
                    (while kill -0 "$3" 2>/dev/null && kill -0 $sshd 2>/dev/null; do sleep 1; done; kill $sshd 2>/dev/null) \
                        </dev/null >/dev/null 2>&1 &
                    echo $sshd
                    """,
                    "bash", "\(dir)/sshd_config", "\(dir)/sshd.log", String(getpid()),
                ])
            guard let pid = pid_t(launched.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw TestSSHServerError.notStarted(launched.stderrText)
            }
            if LoopbackPort.waitUntilListening(port: port) {
                started = (port, pid)
            } else {
                kill(pid, SIGKILL)
                lastLog = (try? String(contentsOfFile: "\(dir)/sshd.log", encoding: .utf8)) ?? ""
            }
        }
        guard let started else { throw TestSSHServerError.notStarted(lastLog) }
        (port, pid) = started
        let hostKey = try String(contentsOfFile: "\(dir)/host_key.pub", encoding: .utf8)
        let otherKey = try String(contentsOfFile: "\(dir)/other_host_key.pub", encoding: .utf8)
        let name = "[127.0.0.1]:\(port)"
        func entry(_ key: String) -> String { name + " " + key.split(separator: " ").prefix(2).joined(separator: " ") }
        try (entry(hostKey) + "\n").write(toFile: "\(dir)/known_hosts", atomically: true, encoding: .utf8)
        try "".write(toFile: "\(dir)/known_hosts.empty", atomically: true, encoding: .utf8)
        try (entry(otherKey) + "\n").write(toFile: "\(dir)/known_hosts.changed", atomically: true, encoding: .utf8)
        for client in Client.allCases {
            try clientConfig(client).write(toFile: configFile(client), atomically: true, encoding: .utf8)
        }
    }

    deinit { stop() }

    /// Ends sshd (and so its sessions) by PID.
    public func stop() { kill(pid, SIGTERM) }

    /// `ssh://root@127.0.0.1:PORT`, the `--via` of these tests.
    public var destination: String { "ssh://root@127.0.0.1:\(port)" }

    /// A `Host` alias of every client configuration for this server (HostName 127.0.0.1, its Port,
    /// User root), as people name their NAS in ~/.ssh/config: known_hosts still holds
    /// `[127.0.0.1]:PORT`, never the alias.
    public static let alias = "nas"

    /// `ssh://nas`: the `--via` through the alias.
    public var aliasDestination: String { "ssh://\(Self.alias)" }

    /// The ssh client configuration file for `client`: what `REMISSION_SSH_COMMAND` names.
    public func configFile(_ client: Client) -> String { directory.file("ssh_config.\(client.rawValue)") }

    /// `["REMISSION_SSH_COMMAND": "ssh -F CONFIG"]`; no agent, so only the configured key is offered.
    public func environment(_ client: Client = .trusted) -> [String: String] {
        ["REMISSION_SSH_COMMAND": "ssh -F '\(configFile(client))'", "SSH_AUTH_SOCK": ""]
    }

    /// The ssh processes still running whose command line names one of this server's client
    /// configurations (the ones remission started for it), by PID.
    public func sshProcesses() -> [pid_t] {
        let mark = directory.path
        return directoryEntries("/proc").compactMap { pid_t($0) }.filter { pid in
            guard let bytes = readRaw("/proc/\(pid)/cmdline"), let stat = readText("/proc/\(pid)/stat") else {
                return false
            }
            // A zombie has ended: only its parent has not reaped it yet.
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            let line = String(decoding: bytes.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return state != "Z" && line.hasPrefix("ssh ") && line.contains(mark)
        }
    }

    private func clientConfig(_ client: Client) -> String {
        let dir = directory.path
        let knownHosts =
            switch client {
            case .unknownHostKey: "\(dir)/known_hosts.empty"
            case .changedHostKey: "\(dir)/known_hosts.changed"
            case .trusted, .wrongKey: "\(dir)/known_hosts"
            }
        return """
            Host \(Self.alias)
              HostName 127.0.0.1
              Port \(port)
              User root

            Host *
              IdentityFile \(dir)/\(client == .wrongKey ? "stranger_key" : "user_key")
              IdentitiesOnly yes
              UserKnownHostsFile \(knownHosts)
              GlobalKnownHostsFile /dev/null
              PasswordAuthentication no
              KbdInteractiveAuthentication no

            """
    }

    private static func serverConfig(dir: String, port: Int, forwarding: Bool) -> String {
        """
        Port \(port)
        ListenAddress 127.0.0.1
        HostKey \(dir)/host_key
        AuthorizedKeysFile \(dir)/authorized_keys
        PermitRootLogin prohibit-password
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        UsePAM no
        StrictModes no
        PidFile none
        AllowTcpForwarding \(forwarding ? "yes" : "no")
        LogLevel VERBOSE

        """
    }

    /// A port nobody listens on now (the kernel's choice for a socket bound to port 0).
    private static func freePort() throws -> Int {
        let probe = try LoopbackPort(.listening)
        return probe.port
    }
}

public enum TestSSHServerError: Error {
    case notStarted(String)
}
