import RemissionModel
import RemissionSession
import RemissionTransport

/// The words of the ssh channel and the unix socket: why one failed (in SSH's terms for ssh), the
/// next step, and `check`'s ssh step. Everything ssh said passes through `TerminalText.safe`; ssh
/// never prints a secret (it takes none on its command line and asks nothing in BatchMode).
public enum RouteText {
    public static func reason(_ failure: RouteFailure) -> String {
        switch failure {
        case .ssh(let ssh, let destination, let target, _):
            sshReason(ssh, destination: safe(destination), target: safe(target))
        case .unixSocket(let socket, let path): unixReason(socket, path: safe(path))
        }
    }

    private static func sshReason(_ failure: SSHFailure, destination: String, target: String) -> String {
        switch failure {
        case .notInstalled(let command): tr("ssh is not installed (no \(safe(command)) on PATH)")
        case .unknownHostKey: tr("ssh does not know the host key of \(destination): it is not in known_hosts")
        case .changedHostKey(let fingerprint?, _):
            tr("the host key of \(destination) has CHANGED since known_hosts stored it (now \(safe(fingerprint)))")
        case .changedHostKey(nil, _): tr("the host key of \(destination) has CHANGED since known_hosts stored it")
        case .permissionDenied(let methods?):
            tr("ssh could not log in to \(destination): permission denied (\(safe(methods)))")
        case .permissionDenied(nil): tr("ssh could not log in to \(destination): permission denied")
        case .refused: tr("\(destination) refused the SSH connection")
        case .timeout: tr("\(destination) did not answer ssh in time")
        case .nameNotResolved: tr("ssh cannot resolve the host of \(destination)")
        case .unreachable: tr("\(destination) is unreachable for ssh")
        case .closed(let detail): tr("\(destination) closed the SSH connection (\(safe(detail)))")
        case .forwardingRefused(let detail):
            tr("the SSH server \(destination) refused to forward to \(target) (\(safe(detail)))")
        case .daemonNotListening(let detail):
            tr("logged in to \(destination), but nothing listens at \(target) there (\(safe(detail)))")
        case .other(let detail): tr("ssh failed: \(safe(detail))")
        }
    }

    private static func unixReason(_ failure: UnixSocketFailure, path: String) -> String {
        switch failure {
        case .notFound: tr("no unix socket at \(path): nothing is there")
        case .notASocket: tr("\(path) is not a unix socket")
        case .notListening: tr("nobody listens on the unix socket \(path)")
        case .permissionDenied: tr("no permission to connect to the unix socket \(path)")
        case .pathTooLong(let limit):
            tr("the unix socket path \(path) is longer than \(limit) bytes, the system's limit")
        case .other(let detail): tr("cannot connect to the unix socket \(path): \(safe(detail))")
        case .ownedByOther(let owner, let name):
            tr(
                "the unix socket \(path) belongs to \(userName(owner, name)), not to you or root, where others ",
                "may write: whoever made it would receive your password; nothing was sent")
        }
    }

    /// `user nobody (uid 65534)`, or `uid 65534` without a name.
    static func userName(_ owner: UInt32, _ name: String?) -> String {
        guard let name else { return tr("uid \(owner)") }
        return tr("user \(safe(name)) (uid \(owner))")
    }

    /// The next step, a command that works where it is shown: ssh's own, run as remission runs it
    /// (`REMISSION_SSH_COMMAND`'s words, so its `-F` config applies), to settle what ssh asks in
    /// person (remission never weakens host-key checking), or the daemon's settings.
    public static func hint(_ failure: RouteFailure) -> String? {
        switch failure {
        case .ssh(let ssh, let destination, let target, let command):
            sshHint(ssh, command: sshCommand(destination, command: command), destination: destination, target: target)
        case .unixSocket(let socket, let path): unixHint(socket, path: path)
        }
    }

    private static func sshHint(_ failure: SSHFailure, command: String, destination: String, target: String)
        -> String?
    {
        switch failure {
        case .notInstalled:
            return tr(
                "Install OpenSSH's client (apt-get install openssh-client), or name the command in ",
                "REMISSION_SSH_COMMAND.")
        case .unknownHostKey:
            return tr(
                "Check the host key and accept it with ssh itself, once: \(command) (remission never asks ",
                "in ssh's place); then try again.")
        case .changedHostKey(_, let stale):
            return tr(
                "Do not connect until you know why: ask the host's administrator for its key. If it was changed ",
                "on purpose, remove the old one (\(removal(stale, destination: destination))) and accept the new ",
                "one with: \(command)")
        case .permissionDenied:
            return tr(
                "ssh asks nothing here (BatchMode): check that \(command) logs in without a question; load ",
                "your key into the agent (ssh-add) or name it (IdentityFile) in ~/.ssh/config.")
        case .refused, .timeout, .nameNotResolved, .unreachable, .closed:
            return tr("Check the SSH host with: \(command) (is it up, sshd running, the host and port right?)")
        case .forwardingRefused:
            return tr(
                "The SSH server does not forward connections: it needs AllowTcpForwarding yes (or local) in ",
                "its sshd_config, and PermitOpen allowing \(safe(target)).")
        case .daemonNotListening:
            return tr(
                "Is transmission-daemon running on the SSH host, listening at \(safe(target)) as that host ",
                "sees it (rpc-bind-address, rpc-port)? The URL is the daemon's address there.")
        case .other: return tr("See what ssh says with: \(command) -v")
        }
    }

    private static func unixHint(_ failure: UnixSocketFailure, path: String) -> String? {
        let address = quotedForShell("unix:" + path)
        switch failure {
        case .notFound:
            return tr(
                "Is transmission-daemon running (it removes the socket when it stops), with rpc-bind-address ",
                "\(address) in its settings.json? Check the path.")
        case .notASocket:
            return tr("Give the path of the daemon's socket (rpc-bind-address \(address)), not another file.")
        case .notListening:
            return tr("The socket is left from a daemon that is not running: start transmission-daemon.")
        case .permissionDenied:
            return tr(
                "Connecting needs write permission on the socket (rpc-socket-mode in the daemon's settings.json, ",
                "0750 by default) and search permission on its directories: join the socket's group, or widen ",
                "rpc-socket-mode.")
        case .pathTooLong:
            return tr("Reach it by a shorter path: a symbolic link to the socket's directory, for one.")
        case .ownedByOther:
            return tr(
                "Use the socket your daemon makes: run it as yourself, or, as its own system user, with ",
                "rpc-bind-address in a directory of that user's that nobody else may write ",
                "(e.g. unix:/run/transmission-daemon/rpc.sock).")
        case .other: return nil
        }
    }

    /// `COMMAND [-p PORT] [USER@]HOST` for a saved destination URL, each word quoted for a shell and
    /// made terminal-safe: `command` is the ssh command remission ran (`ssh`, or
    /// `REMISSION_SSH_COMMAND`'s words such as `ssh -F ~/nas.conf`), so the hint reaches the host the
    /// way remission did.
    static func sshCommand(_ destination: String, command: [String] = ["ssh"]) -> String {
        let words = (command.isEmpty ? ["ssh"] : command).map { safe(quotedForShell($0)) }.joined(separator: " ")
        guard let parsed = try? SSHDestination.parse(destination) else { return words + " HOST" }
        let host = (parsed.user.map { "\($0)@" } ?? "") + parsed.host
        return words + " " + (parsed.port.map { "-p \($0) " } ?? "") + quotedForShell(host)
    }

    /// The `ssh-keygen` that removes the stale key: the entry ssh named (its file and the name it
    /// looked up, which for a `Host` alias is the HostName and port), else the host as the
    /// destination names it (`[host]:port` for another port than 22).
    static func removal(_ stale: KnownHostsEntry?, destination: String) -> String {
        if let stale {
            let file = stale.file.map { "-f \(safe(quotedForShell($0))) " } ?? ""
            return "ssh-keygen \(file)-R \(safe(quotedForShell(stale.host)))"  // verbatim
        }
        return "ssh-keygen -R \(knownHostsName(destination))"  // verbatim
    }

    /// The host's name in known_hosts, as `ssh-keygen -R` takes it: `[host]:port` for another port than 22.
    static func knownHostsName(_ destination: String) -> String {
        guard let parsed = try? SSHDestination.parse(destination) else { return "HOST" }
        guard let port = parsed.port, port != 22 else { return quotedForShell(parsed.host) }
        return quotedForShell("[\(parsed.host)]:\(port)")
    }

    /// `check`'s ssh step: which SSH host forwards to which address, and when ssh logged in.
    static func sshStep(_ kind: RouteReport.Kind?, report: RouteReport?, failed: Bool, reason: String) -> CheckStep {
        if failed { return CheckStep(.ssh, .failed, reason, milliseconds: report?.milliseconds) }
        guard case .ssh(let destination, let target)? = kind else {
            return CheckStep(.ssh, .skipped, tr("not reached"))
        }
        return CheckStep(
            .ssh, .ok, tr("\(safe(destination)), forwarding to \(safe(target))"), milliseconds: report?.milliseconds)
    }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }
}

extension RouteText {
    /// Whether `check` shows step `name` for `route`: the ssh step only through ssh, which stands for
    /// dns and tcp there (ssh does them); no dns step for a unix socket.
    static func shows(_ name: CheckStepName, route: RouteReport.Kind?, failedAt: CheckStepName?) -> Bool {
        switch (name, route) {
        case (.ssh, .ssh?): true
        case (.ssh, _): failedAt == .ssh
        case (.dns, .ssh?), (.tcp, .ssh?), (.dns, .unixSocket?): false
        default: true
        }
    }

    /// `--via` or route flags refused before anything runs.
    static func inputReason(_ problem: InputProblem) -> String {
        switch problem {
        case .invalidSSHDestination(let text, let error): tr("--via \(safe(text)): \(destinationReason(error))")
        case .routeConflict(let first, let second):
            tr("\(first) and \(second) are two routes to the server: give one of them.")
        case .ambiguousServer(let text, let servers):
            tr(
                "\(safe(text)) is the address of \(count: servers.count, "saved server", "saved servers"): ",
                "\(servers.map(savedRoute).joined(separator: ", ")). Name the one you mean, ",
                "e.g. --server \(quotedForShell(servers.first?.name ?? ""))")
        default: FailureText.inputReason(problem)
        }
    }

    /// `seedbox (via ssh://seedbox)`, or `nas (direct)`.
    static func savedRoute(_ server: SavedRoute) -> String {
        guard let route = server.route else { return tr("\(safe(server.name)) (direct)") }
        return tr("\(safe(server.name)) (via \(safe(route)))")
    }

    /// Why a `--via` value is refused.
    static func destinationReason(_ error: SSHDestinationError) -> String {
        switch error {
        case .notSSH: tr("give ssh://[user@]host[:port]")
        case .missingHost: tr("the SSH host is missing (ssh://[user@]host[:port])")
        case .invalidCharacter: tr("spaces, control and non-ASCII characters are not allowed")
        case .invalidUser: tr("the user is empty, starts with '-' or holds '@'")
        case .password: tr("no password here: ssh uses your keys and agent")
        case .unsafeUser(let character):
            tr("the user holds '\(String(character))', which ssh refuses in a user name (a shell could run it)")
        case .invalidHost:
            tr("the host must be a name, an alias from ~/.ssh/config or an address, not starting with '-'")
        case .invalidPort: tr("the port must be a number from 1 to 65535")
        case .path: tr("an SSH destination has no path: ssh://[user@]host[:port]")
        }
    }
}
