import Foundation
import TestSupport
import Testing

/// Issue 36: through a `Host` alias of ~/.ssh/config (`ssh://nas`), known_hosts holds the HostName
/// and port (`[127.0.0.1]:PORT`), not the alias, and the ssh that works is the one remission runs
/// (`REMISSION_SSH_COMMAND="ssh -F CONFIG"`). Each hint is run as printed, against a real sshd.
@Suite("ssh through a Host alias: hints that work as printed (process, real sshd, an ssh config alias)")
struct SSHAliasCommandTests {
    let bed: TestBed
    let home: CLIHome
    let ssh: TestSSHServer

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
        ssh = try TestSSHServer()
    }

    func env(_ client: TestSSHServer.Client) -> [String: String] {
        ssh.environment(client).merging(["TR_AUTH": bed.credentials]) { _, new in new }
    }

    /// `text`'s first match of `pattern` (a regular expression), or nil.
    func first(_ pattern: String, in text: String) -> String? {
        text.range(of: pattern, options: .regularExpression).map { String(text[$0]) }
    }

    @Test("a changed key: ssh-keygen of the entry ssh looked up removes it, the hinted ssh accepts the new one, ONLINE")
    func changedKeyHintsWork() throws {
        let connected = try home.run(
            ["connect", bed.daemonURL(), "--name", "box", "--via", ssh.aliasDestination, "--no-save-password"],
            env: env(.trusted))
        #expect(connected.status == 0, "\(connected.all)")
        let servers = try home.run(["servers", "list"])
        #expect(servers.out.contains("Via: ssh://\(TestSSHServer.alias)"), "\(servers.out)")
        let json = try home.run(["servers", "list", "--json"])
        #expect(json.out.contains("\"via\":\"ssh://\(TestSSHServer.alias)\""), "\(json.out)")

        // known_hosts.changed holds another key for [127.0.0.1]:PORT.
        let knownHosts = ssh.directory.file("known_hosts.changed")
        let changed = try home.run(["check", "box"], env: env(.changedHostKey))
        #expect(changed.status == 5, "\(changed.all)")
        #expect(changed.out.contains("CHANGED"), "\(changed.out)")
        #expect(!changed.out.contains("ssh-keygen -R nas"), "removes nothing: \(changed.out)")
        let removal = try #require(first(#"ssh-keygen -f [^ ]+ -R '\[127\.0\.0\.1\]:[0-9]+'"#, in: changed.out))
        #expect(removal == "ssh-keygen -f \(knownHosts) -R '[127.0.0.1]:\(ssh.port)'", "\(changed.out)")
        #expect(
            changed.out.contains("accept the new one with: ssh -F \(ssh.configFile(.changedHostKey)) nas"),
            "\(changed.out)")

        // The removal, run as printed.
        let removed = try ProcessRunner.run("bash", args: ["-c", removal], timeout: .seconds(10))
        #expect(removed.status == 0, "\(removed.stderrText)")
        #expect(readText(knownHosts)?.contains("[127.0.0.1]:\(ssh.port)") == false, "\(readText(knownHosts) ?? "")")

        // Now ssh knows no key for it: the accept-once hint, run as printed on a terminal and
        // answered yes, puts the server's key in that known_hosts (`true` for a command, so it does
        // not open a shell to leave).
        let unknown = try home.run(["check", "box"], env: env(.changedHostKey))
        #expect(unknown.status == 5 && unknown.out.contains("does not know the host key"), "\(unknown.all)")
        let accept = try #require(first(#"ssh -F [^ ]+ nas"#, in: unknown.out))
        #expect(accept == "ssh -F \(ssh.configFile(.changedHostKey)) nas", "\(unknown.out)")
        var shell = ssh.environment(.changedHostKey)
        shell["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        let accepted = try PseudoTerminal.run(["bash", "-c", accept + " true"], typing: ["yes\n"], env: shell)
        #expect(accepted.status == 0, "\(accepted.stdoutText)")
        #expect(readText(knownHosts)?.contains("[127.0.0.1]:\(ssh.port)") == true, "\(accepted.stdoutText)")

        let online = try home.run(["check", "box"], env: env(.changedHostKey))
        #expect(online.status == 0 && online.out.contains("ONLINE"), "\(online.all)")
        #expect(online.out.contains("plain HTTP inside ssh"), "\(online.out)")
    }

    @Test("a refused login through the alias: AUTH FAILED (4), the hint names the ssh remission runs")
    func refusedLogin() throws {
        let saved = try home.run(
            ["connect", bed.daemonURL(), "--name", "box", "--via", ssh.aliasDestination, "--save-offline"],
            env: env(.trusted))
        #expect(saved.status == 0, "\(saved.all)")
        let denied = try home.run(["check", "box"], env: env(.wrongKey))
        #expect(denied.status == 4, "\(denied.all)")
        #expect(denied.out.contains("AUTH FAILED — ssh:"), "\(denied.out)")
        #expect(denied.out.contains("check that ssh -F \(ssh.configFile(.wrongKey)) nas logs in"), "\(denied.out)")
    }
}
