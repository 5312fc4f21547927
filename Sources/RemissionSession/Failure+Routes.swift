import RemissionModel
import RemissionTransport

extension Failure {
    /// PRODUCT.md §1 for the ssh channel and the unix socket: a host key ssh does not trust is a
    /// trust refusal (5), a refused login an authentication failure (4), a refused `-W` the server's
    /// refusal (6); nothing reachable (the SSH host, or the daemon behind it or at the socket) is
    /// offline (3); a socket another user made where others may write, a trust refusal (5); a missing
    /// ssh, a path that is no socket or not ours to open, a general failure.
    static func status(_ failure: RouteFailure) -> ExitStatus {
        switch failure {
        case .ssh(let ssh, _, _, _):
            switch ssh {
            case .unknownHostKey, .changedHostKey: return .trustRefused
            case .permissionDenied: return .authentication
            case .forwardingRefused: return .serverRefused
            case .refused, .timeout, .nameNotResolved, .unreachable, .closed, .daemonNotListening: return .offline
            case .notInstalled, .other: return .failure
            }
        case .unixSocket(let socket, _):
            switch socket {
            case .notFound, .notListening: return .offline
            case .pathTooLong: return .usage
            case .ownedByOther: return .trustRefused
            case .notASocket, .permissionDenied, .other: return .failure
            }
        }
    }

    /// The diagnostics log's class of a route failure (stable English, like the others).
    static func diagnosticClass(_ failure: RouteFailure) -> String {
        switch failure {
        case .ssh(let ssh, _, _, _):
            switch ssh {
            case .notInstalled: "ssh-not-installed"
            case .unknownHostKey: "ssh-unknown-host-key"
            case .changedHostKey: "ssh-host-key-changed"
            case .permissionDenied: "ssh-permission-denied"
            case .refused: "ssh-refused"
            case .timeout: "ssh-timeout"
            case .nameNotResolved: "ssh-dns"
            case .unreachable: "ssh-unreachable"
            case .closed: "ssh-closed"
            case .forwardingRefused: "ssh-forwarding-refused"
            case .daemonNotListening: "ssh-daemon-not-listening"
            case .other: "ssh-failed"
            }
        case .unixSocket(let socket, _):
            switch socket {
            case .notFound: "unix-socket-not-found"
            case .notASocket: "unix-socket-not-a-socket"
            case .notListening: "unix-socket-not-listening"
            case .permissionDenied: "unix-socket-permission-denied"
            case .pathTooLong: "unix-socket-path-too-long"
            case .ownedByOther: "unix-socket-owner"
            case .other: "unix-socket-failed"
            }
        }
    }
}
