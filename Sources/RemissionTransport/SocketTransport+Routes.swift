import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

/// The routes that are not a TCP connection of our own: an `ssh -W` channel and a unix socket. Each
/// yields a `SocketConnection` on which TLS (for an https URL) and HTTP go as over TCP.
extension SocketTransport {
    /// The connection of a unix socket route.
    func openUnix(_ path: String, deadline: Double) throws(ExchangeFailure) -> SocketConnection {
        do throws(UnixSocketFailure) {
            return try SocketConnection.openUnix(path: path, deadline: deadline)
        } catch {
            throw .transport(.route(.unixSocket(error, path: path)))
        }
    }

    /// The connection of an ssh route: `ssh -W` to the URL's host and port. A failure carries the
    /// command's words, so a hint runs the ssh that ran.
    func openSSH(_ route: SSHRoute, deadline: Double) throws(ExchangeFailure) -> SocketConnection {
        let command = SSHRoute.command(environment: options.environment)
        do throws(SSHFailure) {
            return try SocketConnection.openSSH(
                route, command: command, host: endpoint.host, port: endpoint.port,
                connectTimeoutSeconds: options.connectTimeoutSeconds, environment: options.environment)
        } catch {
            throw .transport(
                .route(.ssh(error, destination: route.destination.url, target: sshTarget, command: command)))
        }
    }

    /// `host:port` as ssh forwards to it.
    var sshTarget: String { endpoint.authority }

    /// What ssh says about a failure on a connection it carries: when it failed (exited with an
    /// error, or never logged in before the deadline), its own cause in SSH's terms; otherwise the
    /// failure as it was (the daemon behind it closed, stalled or answered badly).
    ///
    /// A broken stream waits up to 2 s (within `deadline`) for ssh to exit and say why.
    func diagnosed(_ failure: ExchangeFailure, on connection: SocketConnection?, deadline: Double)
        -> ExchangeFailure
    {
        guard case .ssh(let route) = options.route, let process = connection?.sshProcess else { return failure }
        let outcome: SSHOutcome
        switch failure {
        case .socket(.timeout, _):
            outcome = process.outcome(waitingUntil: 0)
        case .socket(.closed, _), .socket(.closedWithoutNotify, _), .socket(.io, _), .socket(.tls, _), .closed,
            .wire(.malformed), .wire(.truncatedTLS):
            outcome = process.outcome(waitingUntil: min(deadline, SystemClock().monotonicMilliseconds + 2000))
        default:
            return failure
        }
        guard
            let cause = Self.sshCause(
                outcome, timedOut: { if case .socket(.timeout, _) = failure { true } else { false } }())
        else { return failure }
        let command = SSHRoute.command(environment: options.environment)
        return .transport(.route(.ssh(cause, destination: route.destination.url, target: sshTarget, command: command)))
    }

    /// ssh's cause for a failed exchange, or nil when ssh was not the one that failed. Pure.
    static func sshCause(_ outcome: SSHOutcome, timedOut: Bool) -> SSHFailure? {
        let said = SSHDiagnosis.classify(outcome.stderr)
        let loggedIn = SSHDiagnosis.authenticated(outcome.stderr)
        if let status = outcome.exitStatus, status != 0 {
            return said ?? .other(detail: "ssh exited with status \(status)")
        }
        // Still running (or ended by a signal): a cause it named, or a login that never came in time.
        if outcome.exitStatus == nil {
            if let said, case .other = said {} else if let said { return said }
            if timedOut, !loggedIn { return .timeout }
        }
        return nil
    }

    /// The route's part of a report: which route (`Route.reportKind`), and when ssh logged in.
    func routeReport(started: Double, connection: SocketConnection?) -> RouteReport? {
        guard let kind = options.route.reportKind(to: endpoint) else { return nil }
        return RouteReport(kind: kind, milliseconds: connection?.sshProcess?.authenticatedAt.map { $0 - started })
    }
}
