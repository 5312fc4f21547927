/// Exit codes, PRODUCT.md §1: decided only by `Failure.status`. Worded by the view layer
/// (`ExitStatusText`, in `--help`); README's table is checked against it by a test.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// OK, or the server is online.
    case ok = 0
    /// Any other failure.
    case failure = 1
    /// Bad usage: an unknown option, a malformed URL or argument.
    case usage = 2
    /// Offline: DNS failure, connection refused, unreachable, timeout.
    case offline = 3
    /// Authentication failed (HTTP 401).
    case authentication = 4
    /// Trust refused: untrusted certificate, pin mismatch, certificate changed, plain HTTP not acknowledged.
    case trustRefused = 5
    /// The server refused: 403 IP whitelist, 421 host whitelist, an RPC error, an incompatible rpc-version.
    case serverRefused = 6
    /// The keyring (Secret Service) is unavailable or locked.
    case keyring = 7
    /// Client certificate (mutual TLS): the server asked for one and none is configured, refused the
    /// one offered, or it could not be used (file missing or unreadable, key mismatched, expired,
    /// passphrase missing or wrong).
    case clientCertificate = 8
    /// `check --warn-expiry DAYS`: every check was otherwise ONLINE, and a certificate (of a presented
    /// chain, or the client certificate) expires within DAYS and its renewal is overdue (`ExpiryRule`).
    /// Never the status of a `Failure`.
    case certificateExpiring = 9

    /// Any failure, as opposed to success and a certificate expiring soon on a server that is online.
    public var isFailure: Bool { self != .ok && self != .certificateExpiring }

    /// The worst of several outcomes, for `check --all`: any failure outranks an expiring certificate,
    /// which outranks success, and the larger code wins among failures.
    public static func worst(_ statuses: [ExitStatus]) -> ExitStatus {
        statuses.max { ($0.isFailure ? 1 : 0, $0.rawValue) < ($1.isFailure ? 1 : 0, $1.rawValue) } ?? .ok
    }
}
