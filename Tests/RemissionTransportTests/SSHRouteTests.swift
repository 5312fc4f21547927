import Glibc
import RemissionModel
import Testing

@testable import RemissionTransport

/// The ssh route without a process: ssh's command line (never an option from user input, nothing
/// about host keys), REMISSION_SSH_COMMAND's words, what ssh's stderr says (OpenSSH 9.2's real
/// messages), and when a failure is ssh's rather than the daemon's.
@Suite("ssh route: arguments, command words, stderr diagnosis (pure)")
struct SSHRouteTests {
    let route = SSHRoute(destination: SSHDestination(user: "admin", host: "nas.lan", port: 2222))

    @Test("the command line: BatchMode, -W to the URL's host, -p, -l, then -- and the host; host keys left alone")
    func arguments() {
        let words = route.arguments(
            command: ["ssh", "-F", "/c"], host: "127.0.0.1", port: 9091, connectTimeoutSeconds: 9.2)
        #expect(
            words == [
                "ssh", "-F", "/c", "-o", "BatchMode=yes", "-o", "LogLevel=VERBOSE", "-o", "ConnectTimeout=10", "-o",
                "ControlMaster=no", "-W", "127.0.0.1:9091", "-p", "2222", "-l", "admin", "--", "nas.lan",
            ])
        #expect(!words.contains { $0.contains("StrictHostKeyChecking") || $0.contains("UserKnownHostsFile") })
        let bare = SSHRoute(destination: SSHDestination(host: "::1"))
        #expect(
            bare.arguments(command: ["ssh"], host: "::1", port: 9091, connectTimeoutSeconds: 0.1).suffix(5) == [
                "ControlMaster=no", "-W", "[::1]:9091", "--", "::1",
            ])
    }

    @Test(
        "--via refuses what ssh would read as an option or expand: a leading '-', control characters, spaces, a password",
        arguments: [
            "ssh://-oProxyCommand=touch%20/tmp/x", "ssh://-p@host", "ssh://user@-host", "ssh://host:-1",
            "ssh://ho st", "ssh://host\u{7}", "ssh://user\nname@host", "ssh://user:secret@host", "ssh://host/path",
            "ssh://", "ssh://[::1", "ssh://hos%74", "ssh://.host", "nas.lan", "ssh://host:0", "ssh://host:65536",
            "ssh://ноут",
        ])
    func injection(text: String) {
        #expect(throws: SSHDestinationError.self) { try SSHDestination.parse(text) }
    }

    @Test(
        "user names as strict as ssh 9.6 (CVE-2023-51385's input: a shell reads %r in ProxyCommand), and $ % \\",
        arguments: [
            ("ssh://a;id@host", ";"), ("ssh://$(id)@host", "$"), ("ssh://`id`@host", "`"), ("ssh://%r@host", "%"),
            ("ssh://a|b@host", "|"), ("ssh://a&b@host", "&"), ("ssh://a<b@host", "<"), ("ssh://a>b@host", ">"),
            ("ssh://'a'@host", "'"), ("ssh://\"a\"@host", "\""), ("ssh://a(b@host", "("), ("ssh://a{b}@host", "{"),
            ("ssh://a\\@host", "\\"),
        ] as [(String, Character)])
    func unsafeUser(text: String, character: Character) {
        #expect(throws: SSHDestinationError.unsafeUser(character)) { try SSHDestination.parse(text) }
    }

    @Test("--via takes ssh://[user@]host[:port], ssh config aliases and addresses")
    func destinations() throws {
        #expect(try SSHDestination.parse("ssh://nas") == SSHDestination(host: "nas"))
        #expect(
            try SSHDestination.parse("SSH://me@nas.lan:2222/")
                == SSHDestination(user: "me", host: "nas.lan", port: 2222))
        #expect(try SSHDestination.parse("ssh://[::1]:22") == SSHDestination(host: "::1", port: 22))
        #expect(try SSHDestination.parse("ssh://seed_box") == SSHDestination(host: "seed_box"))
        #expect(try SSHDestination.parse("ssh://ann.b-c_d+1@nas") == SSHDestination(user: "ann.b-c_d+1", host: "nas"))
        #expect(SSHDestination(user: "me", host: "::1", port: 22).url == "ssh://me@[::1]:22")
    }

    @Test("REMISSION_SSH_COMMAND is split as a shell splits words, without running one")
    func commandWords() {
        #expect(SSHRoute.commandWords("ssh -F '/path with space/config'") == ["ssh", "-F", "/path with space/config"])
        #expect(
            SSHRoute.commandWords(#"ssh -o "ProxyJump=a b" x\ y "" $HOME;rm"#) == [
                "ssh", "-o", "ProxyJump=a b", "x y", "", "$HOME;rm",
            ])
        #expect(SSHRoute.command(environment: [:]) == ["ssh"])
        #expect(SSHRoute.command(environment: ["REMISSION_SSH_COMMAND": "  "]) == ["ssh"])
    }

    @Test(
        "OpenSSH's words, each to its cause",
        arguments: [
            ("Host key verification failed.\r\n", SSHFailure.unknownHostKey),
            (
                "No ED25519 host key is known for [h]:22 and you have requested strict checking.\r\nHost key verification failed.\r\n",
                .unknownHostKey
            ),
            (
                "@@@\r\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\r\nThe fingerprint for the ED25519 key sent by the remote host is\r\nSHA256:Di2Yp79ZDpgLrWz7fpnlzpRDr61bWxw0y5b6bpyKlP8.\r\nHost key for [127.0.0.1]:22221 has changed and you have requested strict checking.\r\nHost key verification failed.\r\n",
                .changedHostKey(fingerprint: "SHA256:Di2Yp79ZDpgLrWz7fpnlzpRDr61bWxw0y5b6bpyKlP8")
            ),
            (
                "root@127.0.0.1: Permission denied (publickey,password).\r\n",
                .permissionDenied(methods: "publickey,password")
            ),
            ("ssh: connect to host 127.0.0.1 port 22229: Connection refused\r\n", .refused),
            (
                "Connection timed out during banner exchange\r\nConnection to 10.255.255.1 port 22 timed out\r\n",
                .timeout
            ),
            ("ssh: Could not resolve hostname nosuch.invalid: Name or service not known\r\n", .nameNotResolved),
            ("ssh: connect to host 192.0.2.1 port 22: No route to host\r\n", .unreachable),
            (
                "kex_exchange_identification: Connection closed by remote host\r\n",
                .closed(detail: "kex_exchange_identification: Connection closed by remote host")
            ),
            (
                "Authenticated to 127.0.0.1 ([127.0.0.1]:22221) using \"publickey\".\nchannel 0: open failed: administratively prohibited: open failed\r\nstdio forwarding failed\r\n",
                .forwardingRefused(detail: "administratively prohibited: open failed")
            ),
            (
                "Authenticated to 127.0.0.1 ([127.0.0.1]:22221) using \"publickey\".\nchannel 0: open failed: connect failed: Connection refused\r\nstdio forwarding failed\r\n",
                .daemonNotListening(detail: "Connection refused")
            ),
            (
                "Bad owner or permissions on /root/.ssh/config\r\n",
                .other(detail: "Bad owner or permissions on /root/.ssh/config")
            ),
        ])
    func diagnosis(stderr: String, cause: SSHFailure) {
        #expect(SSHDiagnosis.classify(stderr) == cause)
    }

    @Test("a changed key: the entry ssh says to remove, in OpenSSH 9.2's double quotes or later single quotes")
    func staleEntry() {
        let warning =
            "@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\r\nSHA256:o9q54nNe.\r\n"
            + "Offending ED25519 key in /home/me/.ssh/known_hosts:3\r\n  remove with:\r\n"
        let tail = "\r\nHost key for [127.0.0.1]:48622 has changed and you have requested strict checking.\r\n"
        let expected = KnownHostsEntry(file: "/home/me/.ssh/known_hosts", host: "[127.0.0.1]:48622")
        for line in [
            #"  ssh-keygen -f "/home/me/.ssh/known_hosts" -R "[127.0.0.1]:48622""#,
            "  ssh-keygen -f '/home/me/.ssh/known_hosts' -R '[127.0.0.1]:48622'",
        ] {
            #expect(
                SSHDiagnosis.classify(warning + line + tail)
                    == .changedHostKey(fingerprint: "SHA256:o9q54nNe", stale: expected))
        }
        // Without that line (another client), or a line of another shape: no entry, never a guess.
        #expect(SSHDiagnosis.classify(warning + tail) == .changedHostKey(fingerprint: "SHA256:o9q54nNe", stale: nil))
        for odd in [
            "ssh-keygen -f '/k' -R 'nas; rm -rf ~'", "ssh-keygen -f '/k' -R '\u{1B}[2Jnas'",
            "ssh-keygen -f '/k\u{7}' -R 'nas'", "ssh-keygen -f '/k' -R 'nas' extra", "ssh-keygen -f '/k' -R ''",
            "ssh-keygen -R 'nas'",
        ] {
            #expect(SSHDiagnosis.staleEntry(odd) == nil, "\(odd)")
        }
    }

    @Test("a hostile banner's long line is cut to its end: ssh's last words still count")
    func longLines() {
        let flood = String(repeating: "x", count: 100_000)
        guard case .other(let detail)? = SSHDiagnosis.classify(flood) else {
            Issue.record("not other")
            return
        }
        #expect(detail.count == SSHDiagnosis.lineLimit)
        #expect(
            SSHDiagnosis.classify(flood + "Permission denied (publickey).") == .permissionDenied(methods: "publickey"))
    }

    @Test("a failure is ssh's when ssh failed or never logged in in time; otherwise the daemon's")
    func whose() {
        let loggedIn = "Authenticated to h ([h]:22) using \"publickey\".\n"
        #expect(
            SocketTransport.sshCause(SSHOutcome(exitStatus: 255, stderr: ""), timedOut: false)
                == .other(detail: "ssh exited with status 255"))
        #expect(SocketTransport.sshCause(SSHOutcome(exitStatus: 0, stderr: loggedIn), timedOut: false) == nil)
        #expect(SocketTransport.sshCause(SSHOutcome(exitStatus: nil, stderr: ""), timedOut: true) == .timeout)
        #expect(SocketTransport.sshCause(SSHOutcome(exitStatus: nil, stderr: loggedIn), timedOut: true) == nil)
        #expect(SSHDiagnosis.classify(loggedIn) == nil)
    }

    @Test("connect(2)'s errors on a unix socket, each to its own cause; EACCES (not makeable as root) too")
    func unixSocketErrors() {
        #expect(UnixSocketFailure(errno: ENOENT, isSocket: nil) == .notFound)
        #expect(UnixSocketFailure(errno: ENOTDIR, isSocket: nil) == .notFound)
        #expect(UnixSocketFailure(errno: ECONNREFUSED, isSocket: true) == .notListening)
        #expect(UnixSocketFailure(errno: ECONNREFUSED, isSocket: false) == .notASocket)
        #expect(UnixSocketFailure(errno: EACCES, isSocket: true) == .permissionDenied)
        #expect(UnixSocketFailure(errno: EPERM, isSocket: nil) == .permissionDenied)
        #expect(UnixSocketFailure(errno: ENAMETOOLONG, isSocket: nil) == .pathTooLong(limit: 107))
    }
}
