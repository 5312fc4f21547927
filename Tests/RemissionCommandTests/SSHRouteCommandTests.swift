import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `connect --via ssh://…` through the real binary and a real sshd on loopback (`TestSSHServer`: its
/// own host keys, authorized key, known_hosts and ssh config, given through REMISSION_SSH_COMMAND),
/// forwarding with `ssh -W` to the bed's daemons: the good route on 3.00 and 4.1.3, each cause of
/// the ssh step in SSH's terms, and no ssh process left after a command, a failure or a Ctrl-C.
@Suite("ssh route (process, real sshd on loopback, the bed's daemons)")
struct SSHRouteCommandTests {
    let bed: TestBed
    let home: CLIHome
    let ssh: TestSSHServer

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
        ssh = try TestSSHServer()
    }

    /// The daemon's URL as the SSH host (this machine) sees it.
    func url(_ daemon: TestBed.Daemon) -> String { bed.daemonURL(daemon) }

    func env(_ client: TestSSHServer.Client = .trusted) -> [String: String] {
        ssh.environment(client).merging(["TR_AUTH": bed.credentials]) { _, new in new }
    }

    @Test("connect, check and list through ssh -W: ONLINE with an ssh step, on every daemon", arguments: daemonMatrix)
    func goodRoute(daemon: TestBed.Daemon) throws {
        let name = "via-\(daemon.rawValue)"
        let connect = try home.run(
            ["connect", url(daemon), "--name", name, "--via", ssh.destination, "--no-save-password"], env: env())
        #expect(connect.status == 0, "\(connect.all)")
        #expect(connect.out.contains("ok   ssh   \(ssh.destination), forwarding to 127.0.0.1:"), "\(connect.out)")
        #expect(!connect.out.contains(" dns ") && !connect.out.contains(" tcp "), "ssh does dns and tcp")
        // The loopback is the SSH host's, reached inside the channel.
        #expect(connect.out.contains("--   tls   plain HTTP inside ssh, to 127.0.0.1:"), "\(connect.out)")
        #expect(!connect.out.contains("on loopback"), "\(connect.out)")
        let saved = try #require(home.writtenFiles()["config/servers.json"])
        #expect(saved.contains("\"via\" : \"\(ssh.destination)\""), "\(saved)")

        let check = try home.run(["check", name], env: env())
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.contains("ok   ssh") && check.out.contains("ONLINE"), "\(check.out)")
        let json = try home.run(["check", name, "--json"], env: env())
        #expect(json.out.contains("{\"name\":\"ssh\",\"state\":\"ok\""), "\(json.out)")

        let list = try home.run(["list", "--server", name], env: env())
        #expect(list.status == 0, "\(list.all)")
        #expect(list.out.contains("Sum:"), "\(list.out)")
        #expect(ssh.sshProcesses().isEmpty, "ssh left running: \(ssh.sshProcesses())")

        let servers = try home.run(["servers"])
        #expect(servers.out.contains("Via: \(ssh.destination)"), "\(servers.out)")
    }

    /// Saves the server through the trusted client, then checks it with `client`.
    func check(_ client: TestSSHServer.Client, url: String? = nil, via: TestSSHServer? = nil) throws -> CLIHome.Result {
        let server = via ?? ssh
        func env(_ client: TestSSHServer.Client) -> [String: String] {
            server.environment(client).merging(["TR_AUTH": bed.credentials]) { _, new in new }
        }
        let saved = try home.run(
            ["connect", url ?? self.url(.main), "--name", "box", "--via", server.destination, "--save-offline"],
            env: env(.trusted))
        #expect(saved.status == 0 || saved.status == 3 || saved.status == 6, "\(saved.all)")
        return try home.run(["check", "box"], env: env(client))
    }

    @Test("an unknown host key: UNTRUSTED (5) at the ssh step, the hint is ssh's own, nothing weakened")
    func unknownHostKey() throws {
        let result = try check(.unknownHostKey)
        #expect(result.status == 5, "\(result.all)")
        #expect(result.out.contains("FAIL ssh   ssh does not know the host key of \(ssh.destination)"), "\(result.out)")
        #expect(result.out.contains("UNTRUSTED — ssh"), "\(result.out)")
        // The ssh remission ran (REMISSION_SSH_COMMAND), so its -F config applies when it is run.
        #expect(
            result.out.contains("ssh -F \(ssh.configFile(.unknownHostKey)) -p \(ssh.port) root@127.0.0.1"),
            "\(result.out)")
        #expect(!result.all.contains("StrictHostKeyChecking"), "\(result.all)")
        #expect(readText(ssh.directory.file("known_hosts.empty")) == "", "known_hosts is never written")
        #expect(ssh.sshProcesses().isEmpty)
    }

    @Test("a changed host key: UNTRUSTED (5), CHANGED with the presented fingerprint and ssh-keygen -R")
    func changedHostKey() throws {
        let result = try check(.changedHostKey)
        #expect(result.status == 5, "\(result.all)")
        #expect(result.out.contains("has CHANGED since known_hosts stored it (now SHA256:"), "\(result.out)")
        // ssh's own entry: its file (the config's UserKnownHostsFile) and the name it looked up.
        #expect(
            result.out.contains(
                "ssh-keygen -f \(ssh.directory.file("known_hosts.changed")) -R '[127.0.0.1]:\(ssh.port)'"),
            "\(result.out)")
    }

    @Test("in Russian: the host key's words and ssh's own hint")
    func russian() throws {
        _ = try check(.trusted)
        let result = try home.run(
            ["check", "box"], env: env(.unknownHostKey).merging(["LANG": "ru_RU.UTF-8"]) { _, new in new })
        #expect(result.status == 5, "\(result.all)")
        #expect(result.out.contains("ssh не знает ключ хоста \(ssh.destination)"), "\(result.out)")
        #expect(result.out.contains("-p \(ssh.port) root@127.0.0.1"), "\(result.out)")
    }

    @Test("a hostile ssh (escape sequences, a megabyte of stderr): shown terminal-safe, read bounded")
    func hostileSSH() throws {
        let directory = TemporaryDirectory()
        let fake = directory.file("fake-ssh")
        writeRaw(
            """
            #!/bin/bash
            head -c 1000000 /dev/zero | tr '\\0' x >&2
            printf '\\n\\033]52;c;ZXZpbA==\\a\\033[2Jchannel 0: open failed: connect failed: \\033[31mgone\\n' >&2
            exit 255

            """, to: fake, permissions: 0o755)
        _ = try home.run(
            ["connect", url(.main), "--name", "evil", "--via", ssh.destination, "--save-offline"],
            env: ["REMISSION_SSH_COMMAND": fake])
        let result = try home.run(["check", "evil"], env: ["REMISSION_SSH_COMMAND": fake])
        #expect(result.status == 3, "\(result.all.prefix(2000))")
        #expect(result.out.contains("but nothing listens at 127.0.0.1:"), "\(result.out.prefix(2000))")
        #expect(!result.all.contains("\u{1B}") && !result.all.contains("\u{7}"), "\(result.all.prefix(2000))")
        #expect(result.all.utf8.count < 20_000, "\(result.all.utf8.count) bytes shown")
    }

    @Test("a key the server does not authorize: AUTH FAILED at the ssh step, as a 401 reads, exit 4")
    func permissionDenied() throws {
        let result = try check(.wrongKey)
        #expect(result.status == 4, "\(result.all)")
        #expect(result.out.contains("permission denied (publickey)"), "\(result.out)")
        #expect(result.out.contains("AUTH FAILED — ssh: ssh could not log in to"), "\(result.out)")
        #expect(!result.out.contains("OFFLINE"), "\(result.out)")
        #expect(result.out.contains("ssh-add"), "\(result.out)")
        let all = try home.run(["check", "--all"], env: ssh.environment(.wrongKey))
        #expect(all.status == 4 && all.out.contains("box  AUTH FAILED — ssh:"), "\(all.out)")
    }

    @Test("AllowTcpForwarding no: the -W is refused by the server (exit 6), in ssh's words")
    func forwardingRefused() throws {
        let closed = try TestSSHServer(forwarding: false)
        let result = try check(.trusted, via: closed)
        #expect(result.status == 6, "\(result.all)")
        #expect(result.out.contains("refused to forward to 127.0.0.1:"), "\(result.out)")
        #expect(result.out.contains("administratively prohibited"), "\(result.out)")
        #expect(result.out.contains("AllowTcpForwarding"), "\(result.out)")
    }

    @Test("logged in, but no daemon at the URL behind ssh: its own cause (exit 3)")
    func daemonNotListening() throws {
        let result = try check(.trusted, url: "http://127.0.0.1:\(bed.closedPort)/transmission/rpc")
        #expect(result.status == 3, "\(result.all)")
        #expect(
            result.out.contains("logged in to \(ssh.destination), but nothing listens at 127.0.0.1:\(bed.closedPort)"),
            "\(result.out)")
        #expect(ssh.sshProcesses().isEmpty, "after a failure: \(ssh.sshProcesses())")
    }

    @Test("nothing at the SSH port: refused (exit 3); ssh missing: exit 1 with its own words")
    func refusedAndMissing() throws {
        let port = try LoopbackPort(.refusing)
        _ = try home.run(
            ["connect", url(.main), "--name", "gone", "--via", "ssh://root@127.0.0.1:\(port.port)", "--save-offline"],
            env: env())
        let refused = try home.run(["check", "gone"], env: env())
        #expect(refused.status == 3, "\(refused.all)")
        #expect(refused.out.contains("refused the SSH connection"), "\(refused.out)")
        let missing = try home.run(["list", "--server", "gone"], env: ["REMISSION_SSH_COMMAND": "no-such-ssh -F x"])
        #expect(missing.status == 1, "\(missing.all)")
        #expect(missing.err.contains("ssh is not installed (no no-such-ssh on PATH)"), "\(missing.err)")
    }

    @Test("a --via that ssh would read as an option, or with a password, is refused before anything runs")
    func injection() throws {
        for via in ["ssh://-oProxyCommand=touch%20x", "ssh://-oProxyCommand=x@host", "ssh://user:pw@host", "host"] {
            let result = try home.run(["connect", url(.main), "--name", "bad", "--via", via], env: env())
            #expect(result.status == 2, "\(via): \(result.all)")
            #expect(result.err.contains("--via"), "\(result.err)")
        }
        #expect(home.writtenFiles()["config/servers.json"] == nil)
    }

    /// SIGINT (or SIGTERM) to remission alone, not its process group as a terminal's Ctrl-C sends
    /// it (that would reach ssh itself), while its request waits on a daemon that accepted and never
    /// answers (ssh would not end on its own): watch's handler must end ssh.
    @Test("SIGINT to watch ends its ssh: none left running", arguments: [SIGINT, SIGTERM])
    func watchInterrupted(signal: Int32) throws {
        let silent = try LoopbackPort(.listening)
        _ = try home.run(
            [
                "connect", "http://127.0.0.1:\(silent.port)/transmission/rpc", "--name", "w", "--via",
                ssh.destination, "--save-offline", "--timeout", "1",
            ], env: env())
        var extra = env()
        extra["REMISSION_CONFIG_HOME"] = home.configDirectory
        let pane = try Tmux(
            bed: bed, arguments: ["watch", "--interval", "1", "--timeout", "60"], server: "w", extra: extra)
        defer { pane.kill() }
        #expect(eventually(seconds: 20) { !ssh.sshProcesses().isEmpty }, "\(pane.capture())")
        let pid = try #require(pane.commandProcess())
        #expect(Glibc.kill(pid, signal) == 0)
        #expect(pane.waitFor { $0.contains("EXITED=\(128 + signal)") }, "\(pane.capture())")
        #expect(eventually { ssh.sshProcesses().isEmpty }, "ssh left running: \(ssh.sshProcesses())")
    }

    /// q in `watch --all` while a server's request waits behind ssh: the screen quits at once with
    /// `_exit` (no deinit runs), and must end the ssh child as every other exit path does.
    @Test("q in watch --all while a request waits behind ssh ends its ssh: none left running")
    func watchAllQuit() throws {
        let silent = try LoopbackPort(.listening)
        _ = try home.run(
            [
                "connect", "http://127.0.0.1:\(silent.port)/transmission/rpc", "--name", "w", "--via",
                ssh.destination, "--save-offline", "--timeout", "1",
            ], env: env())
        var extra = env()
        extra["REMISSION_CONFIG_HOME"] = home.configDirectory
        let pane = try Tmux(
            bed: bed, arguments: ["watch", "--all", "--interval", "1", "--timeout", "60"], extra: extra,
            addServer: false)
        defer { pane.kill() }
        #expect(eventually(seconds: 20) { !ssh.sshProcesses().isEmpty }, "\(pane.capture())")
        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
        #expect(eventually { ssh.sshProcesses().isEmpty }, "ssh left running: \(ssh.sshProcesses())")
    }

    @Test("SIGTERM to a command waiting on a hung daemon behind ssh ends its ssh too")
    func terminated() throws {
        let silent = try LoopbackPort(.listening)  // accepts, never answers
        _ = try home.run(
            [
                "connect", "http://127.0.0.1:\(silent.port)/transmission/rpc", "--name", "hung", "--via",
                ssh.destination, "--save-offline", "--timeout", "2",
            ], env: env())
        var environment = home.environment.merging(env()) { _, new in new }
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        let script = """
            "$1" list --server hung --timeout 30 & pid=$!
            sleep 2; kill -TERM $pid; wait $pid; echo "status=$?"
            """
        let result = try ProcessRunner.run(
            "bash", args: ["-c", script, "bash", home.remission], env: environment, timeout: .seconds(40))
        #expect(result.stdoutText.contains("status=143"), "\(result.stdoutText) \(result.stderrText)")
        #expect(eventually { ssh.sshProcesses().isEmpty }, "ssh left running: \(ssh.sshProcesses())")
    }

    private func eventually(seconds: Int = 5, _ condition: () -> Bool) -> Bool {
        for _ in 0..<seconds * 10 {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }
}
