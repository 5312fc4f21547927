/// Why a route other than direct TCP gave no byte stream to the daemon: the SSH channel or the unix
/// socket. Plain data: `FailureText` words it, `Failure` decides its exit status and step.
public enum RouteFailure: Error, Sendable, Equatable {
    /// `ssh -W` failed. `destination` is the `ssh://` URL, `target` the `host:port` it forwards to,
    /// `command` the ssh command's words that ran (`REMISSION_SSH_COMMAND`'s, else `ssh`): the one a
    /// hint tells a person to run to settle it.
    case ssh(SSHFailure, destination: String, target: String, command: [String] = ["ssh"])
    /// The unix socket at `path` could not be connected.
    case unixSocket(UnixSocketFailure, path: String)
}

/// What ssh said went wrong, in SSH's terms (`SSHDiagnosis.classify` reads them from its stderr).
public enum SSHFailure: Error, Sendable, Equatable {
    /// The ssh command (REMISSION_SSH_COMMAND's first word, or `ssh`) is not installed.
    case notInstalled(command: String)
    /// The host's key is not in known_hosts (BatchMode: ssh asks nobody).
    case unknownHostKey
    /// The host presents another key than known_hosts holds; `fingerprint` is the one it sent,
    /// `stale` the entry ssh itself says to remove (it looked it up: for a `Host` alias, the
    /// HostName and port, never the alias).
    case changedHostKey(fingerprint: String?, stale: KnownHostsEntry? = nil)
    /// Authentication failed; `methods` are the ones the server offered ("publickey,password").
    case permissionDenied(methods: String?)
    /// Nothing listens on the SSH port.
    case refused
    /// The SSH host did not answer in time (ssh's own words, or no word from ssh before our deadline).
    case timeout
    case nameNotResolved
    case unreachable
    /// The SSH server closed the connection before authentication (a firewall, MaxStartups, not sshd).
    case closed(detail: String)
    /// The server refused the `-W` channel (AllowTcpForwarding no, PermitOpen): ssh's words.
    case forwardingRefused(detail: String)
    /// Logged in, but nothing listens at the target as the SSH host sees it: ssh's words.
    case daemonNotListening(detail: String)
    /// ssh failed for another reason: its last line (shown made terminal-safe).
    case other(detail: String)
}

/// A known_hosts entry as ssh names it in "remove with: ssh-keygen -f FILE -R HOST": the file it is
/// in (nil: ssh named none) and the name it is stored under (`[127.0.0.1]:2222`, `nas.lan`).
public struct KnownHostsEntry: Sendable, Equatable {
    public var file: String?
    public var host: String

    public init(file: String?, host: String) {
        self.file = file
        self.host = host
    }
}

/// What went wrong with a unix socket (`--unix-socket PATH`).
public enum UnixSocketFailure: Error, Sendable, Equatable {
    /// Nothing at that path (ENOENT, ENOTDIR).
    case notFound
    /// Something that is not a socket is there.
    case notASocket
    /// A socket nobody listens on (ECONNREFUSED): the daemon is not running.
    case notListening
    /// EACCES/EPERM: a directory on the way is closed to us, or the socket is not writable for us.
    case permissionDenied
    /// Longer than `sockaddr_un.sun_path` takes (107 bytes and a NUL).
    case pathTooLong(limit: Int)
    /// The socket, or the process listening on it, belongs to another user than the user or root, in
    /// a place others may write (`UnixSocketOwner`): nothing was sent. `name` from the password
    /// database when it has one.
    case ownedByOther(owner: UInt32, name: String?)
    /// Any other system error, in the system's words.
    case other(detail: String)
}

extension RouteFailure: CustomStringConvertible {
    /// A short technical text for the `-v` log.
    public var description: String {
        switch self {
        case .ssh(let failure, let destination, let target, _): "ssh \(destination) -W \(target): \(failure)"
        case .unixSocket(let failure, let path): "unix socket \(path): \(failure)"
        }
    }
}

/// The route of an exchange that did not go straight over TCP, as `check`'s steps show it.
public struct RouteReport: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `destination` is the `ssh://` URL, `target` the `host:port` ssh forwards to.
        case ssh(destination: String, target: String)
        case unixSocket(path: String)
    }

    public var kind: Kind
    /// When ssh said it logged in, from the exchange's start; nil when it did not (or for a socket).
    public var milliseconds: Double?

    public init(kind: Kind, milliseconds: Double? = nil) {
        self.kind = kind
        self.milliseconds = milliseconds
    }
}
