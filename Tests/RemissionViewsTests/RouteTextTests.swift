import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTransport
import Testing

@testable import RemissionViews

/// The ssh channel's and the unix socket's failures: one exit status, step and hint each, in both
/// languages, ssh's own words made terminal-safe; `check`'s steps on each route.
@Suite("routes: ssh and unix socket words, statuses and check steps (pure)")
struct RouteTextTests {
    static let destination = "ssh://me@nas.lan:2222"

    static func ssh(_ failure: SSHFailure, destination: String = destination, command: [String] = ["ssh"]) -> Failure {
        Failure(
            .transport(.route(.ssh(failure, destination: destination, target: "127.0.0.1:9091", command: command))),
            server: "nas")
    }

    static func socket(_ failure: UnixSocketFailure) -> Failure {
        Failure(.transport(.route(.unixSocket(failure, path: "/run/t.sock"))), server: "nas")
    }

    static let rows: [(Failure, RemissionSession.ExitStatus, CheckStepName, String?)] = [
        (ssh(.notInstalled(command: "ssh")), .failure, .ssh, "openssh-client"),
        (ssh(.unknownHostKey), .trustRefused, .ssh, "ssh -p 2222 me@nas.lan"),
        (ssh(.changedHostKey(fingerprint: "SHA256:x")), .trustRefused, .ssh, "ssh-keygen -R '[nas.lan]:2222'"),
        (
            ssh(.changedHostKey(fingerprint: "SHA256:x", stale: KnownHostsEntry(file: nil, host: "[10.0.0.2]:2222"))),
            .trustRefused, .ssh, "(ssh-keygen -R '[10.0.0.2]:2222')"
        ),
        (ssh(.permissionDenied(methods: "publickey")), .authentication, .ssh, "ssh-add"),
        (ssh(.refused), .offline, .ssh, "ssh -p 2222 me@nas.lan"),
        (ssh(.timeout), .offline, .ssh, "ssh -p 2222"),
        (ssh(.nameNotResolved), .offline, .ssh, "ssh -p 2222"),
        (ssh(.unreachable), .offline, .ssh, "ssh -p 2222"),
        (ssh(.closed(detail: "Connection closed by 1.2.3.4 port 22")), .offline, .ssh, "ssh -p 2222"),
        (ssh(.forwardingRefused(detail: "administratively prohibited")), .serverRefused, .ssh, "AllowTcpForwarding"),
        (ssh(.daemonNotListening(detail: "Connection refused")), .offline, .ssh, "rpc-bind-address"),
        (ssh(.other(detail: "Bad owner")), .failure, .ssh, "-v"),
        (socket(.notFound), .offline, .tcp, "unix:/run/t.sock"),
        (socket(.notListening), .offline, .tcp, "start transmission-daemon"),
        (socket(.notASocket), .failure, .tcp, "rpc-bind-address"),
        (socket(.permissionDenied), .failure, .tcp, "rpc-socket-mode"),
        (socket(.pathTooLong(limit: 107)), .usage, .tcp, "symbolic link"),
        (socket(.other(detail: "Too many open files")), .failure, .tcp, nil),
    ]

    @Test("every route failure: exit status, step, a hint that works where it is shown, Russian words")
    func table() {
        for (failure, status, step, hint) in Self.rows {
            #expect(failure.status == status, "\(failure.cause)")
            #expect(failure.step == step, "\(failure.cause)")
            let shown = FailureText.hint(failure)
            if let hint {
                #expect(shown?.contains(hint) == true, "\(shown ?? "no hint")")
            } else {
                #expect(shown == nil)
            }
            let english = FailureText.reason(failure)
            let russian = Language.$override.withValue(.russian) { FailureText.reason(failure) }
            #expect(english != russian, "\(english)")
            #expect(!failure.diagnosticClass.isEmpty)
        }
    }

    /// Issue 36: `ssh://nas` names a `Host` alias; known_hosts holds `[127.0.0.1]:48601`, and the ssh
    /// that works is `REMISSION_SSH_COMMAND`'s.
    @Test("through an alias and REMISSION_SSH_COMMAND: the hints remove what ssh named and run the ssh remission ran")
    func aliasHints() {
        let command = ["ssh", "-F", "/home/me/nas config"]
        let stale = KnownHostsEntry(file: "/home/me/.ssh/known_hosts", host: "[127.0.0.1]:48601")
        let changed = FailureText.hint(
            Self.ssh(.changedHostKey(fingerprint: "SHA256:x", stale: stale), destination: "ssh://nas", command: command)
        )
        #expect(
            changed?.contains("(ssh-keygen -f /home/me/.ssh/known_hosts -R '[127.0.0.1]:48601')") == true,
            "\(changed ?? "")")
        #expect(
            changed?.hasSuffix("accept the new one with: ssh -F '/home/me/nas config' nas") == true, "\(changed ?? "")")
        #expect(changed?.contains("ssh-keygen -R nas") == false)
        let unknown = FailureText.hint(Self.ssh(.unknownHostKey, destination: "ssh://nas", command: command))
        #expect(unknown?.contains("once: ssh -F '/home/me/nas config' nas (") == true, "\(unknown ?? "")")
        let denied = FailureText.hint(
            Self.ssh(.permissionDenied(methods: nil), destination: "ssh://me@nas:2222", command: command))
        #expect(
            denied?.contains("check that ssh -F '/home/me/nas config' -p 2222 me@nas logs in") == true,
            "\(denied ?? "")")
        // A hostile REMISSION_SSH_COMMAND word is quoted and shown safe.
        let hostile = FailureText.hint(Self.ssh(.refused, command: ["ssh", "-o", "x\u{1B}[2J;rm"]))
        #expect(hostile?.contains("\u{1B}") == false, "\(hostile ?? "")")
    }

    @Test("a login refused by the SSH host reads AUTH FAILED, as a 401 does; exit 4")
    func refusedLoginVerdict() {
        let report = CheckReport.build(
            Self.observation(
                route: .ssh(destination: Self.destination, target: "127.0.0.1:9091"),
                failure: Self.ssh(.permissionDenied(methods: "publickey"))))
        #expect(report.exitStatus == .authentication)
        #expect(report.verdictLine(Terminal()).hasPrefix("AUTH FAILED — ssh: ssh could not log in"), "\(report)")
        let offline = CheckReport.build(
            Self.observation(
                route: .ssh(destination: Self.destination, target: "127.0.0.1:9091"), failure: Self.ssh(.refused)))
        #expect(offline.verdictLine(Terminal()).hasPrefix("OFFLINE — ssh:"))
    }

    @Test("a host key ssh does not trust is UNTRUSTED, not OFFLINE")
    func verdict() {
        #expect(CheckStatus(Self.ssh(.unknownHostKey)) == .untrusted)
        #expect(CheckStatus(Self.ssh(.changedHostKey(fingerprint: nil))) == .untrusted)
        #expect(CheckStatus(Self.ssh(.refused)) == .offline)
    }

    @Test("what ssh printed is made terminal-safe: no escape sequence reaches the terminal")
    func hostileStderr() {
        let reason = FailureText.reason(Self.ssh(.other(detail: "\u{1B}]52;c;ZXZpbA==\u{7}\u{1B}[2Jgone")))
        #expect(!reason.contains("\u{1B}") && !reason.contains("\u{7}"), "\(reason)")
    }

    static func observation(route: RouteReport.Kind?, failure: Failure?) -> CheckObservation {
        var connection = ConnectionReport(timings: StepTimings(tcp: 1, firstByte: 4, total: 5))
        connection.route = route.map { RouteReport(kind: $0, milliseconds: 120) }
        let info = ServerInfo(
            version: "4.1.3", rpcVersion: 19, rpcVersionMinimum: 14, rpcVersionSemver: nil, dialect: .jsonRPC)
        var observation = CheckObservation(
            server: "nas", endpoint: try! ServerEndpoint.parse("http://127.0.0.1:9091/transmission/rpc"),
            connection: connection, user: nil, passwordSource: .none, httpAcknowledged: false,
            sawSessionHandshake: true, outcome: failure.map { .failure($0) } ?? .success(info), now: 0)
        observation.route = route
        return observation
    }

    @Test("check through ssh: an ssh step instead of dns and tcp; on a unix socket, tcp names the socket")
    func steps() {
        let ssh = CheckReport.build(
            Self.observation(route: .ssh(destination: Self.destination, target: "127.0.0.1:9091"), failure: nil))
        #expect(ssh.steps.map(\.name) == [.ssh, .tls, .http, .auth, .rpc])
        #expect(ssh.steps[0].summary == "ssh://me@nas.lan:2222, forwarding to 127.0.0.1:9091")
        #expect(ssh.steps[0].milliseconds == 120)
        // The loopback is the SSH host's, inside the channel; another address is past the SSH host.
        #expect(ssh.steps[1].summary == "plain HTTP inside ssh, to 127.0.0.1:9091 on the SSH host")
        var beyond = Self.observation(route: .ssh(destination: Self.destination, target: "10.0.0.5:9091"), failure: nil)
        beyond.endpoint = try! ServerEndpoint.parse("http://10.0.0.5:9091/transmission/rpc")
        let far = CheckReport.build(beyond)
        #expect(far.steps[1].state == .warning)
        #expect(far.steps[1].summary == "plain HTTP inside ssh, then from the SSH host to 10.0.0.5:9091 unencrypted")
        let failed = CheckReport.build(
            Self.observation(
                route: .ssh(destination: Self.destination, target: "127.0.0.1:9091"), failure: Self.ssh(.refused)))
        #expect(failed.failedStep == .ssh && failed.steps[0].state == .failed)
        let socket = CheckReport.build(Self.observation(route: .unixSocket(path: "/run/t.sock"), failure: nil))
        #expect(socket.steps.map(\.name) == [.tcp, .tls, .http, .auth, .rpc])
        #expect(socket.steps[0].summary == "connected to the unix socket /run/t.sock")
        let direct = CheckReport.build(Self.observation(route: nil, failure: nil))
        #expect(direct.steps.map(\.name) == [.dns, .tcp, .tls, .http, .auth, .rpc])
    }
}
