import Foundation
import TestSupport
import Testing

/// Remission's children get no secret of Remission's (issue 33): a stand-in ssh, a `notify --exec`
/// hook and `remission-open`'s notify-send each dump their environment, with `TR_AUTH`, a client
/// key's passphrase and a proxy URL with a password set; and an ssh user name a shell would read is
/// refused before any ssh runs, from the command line and from servers.json.
@Suite("children get no secret; ssh user names as strict as ssh 9.6 (process)")
struct ChildEnvironmentTests {
    let bed: TestBed
    let home: CLIHome
    let directory = TemporaryDirectory()

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    static let password = "hunter2-\(UUID().uuidString.prefix(6))"
    static let passphrase = "phrase-\(UUID().uuidString.prefix(6))"
    static let proxyPassword = "proxypw-\(UUID().uuidString.prefix(6))"

    /// The secrets a user may have in the environment, and one plain variable that must still pass.
    var secrets: [String: String] {
        [
            "TR_AUTH": "\(bed.user):\(Self.password)", "REMISSION_CLIENT_KEY_PASSPHRASE": Self.passphrase,
            "https_proxy": "http://ann:\(Self.proxyPassword)@127.0.0.1:\(bed.closedPort)",
            "all_proxy": "socks5h://127.0.0.1:\(bed.closedPort)", "KEEP_ME": "plain-value",
        ]
    }

    func expectClean(_ environment: String?, _ child: String) {
        let text = environment ?? ""
        #expect(!text.isEmpty, "\(child) did not run")
        for secret in [Self.password, Self.passphrase, Self.proxyPassword] {
            #expect(!text.contains(secret), "\(child) got a secret: \(text)")
        }
        #expect(!text.contains("TR_AUTH=") && !text.contains("REMISSION_CLIENT_KEY_PASSPHRASE="), "\(child): \(text)")
        #expect(text.contains("KEEP_ME=plain-value"), "\(child) lost the plain environment: \(text)")
        #expect(text.contains("all_proxy=socks5h://127.0.0.1:"), "a proxy without a password passes: \(text)")
    }

    /// An ssh that writes its environment and arguments, then fails as ssh does when nothing answers
    /// (offline: `connect --save-offline` saves the server).
    func standInSSH() -> String {
        let path = directory.file("ssh")
        writeRaw(
            """
            #!/bin/sh
            env > '\(directory.file("ssh.env"))'
            printf '%s\\n' "$@" > '\(directory.file("ssh.args"))'
            echo 'ssh: connect to host 127.0.0.1 port 22: Connection refused' >&2
            exit 255

            """, to: path, permissions: 0o755)
        return path
    }

    @Test("the ssh child (ssh -W) gets no TR_AUTH, passphrase or proxy password; the rest of the environment passes")
    func ssh() throws {
        let env = secrets.merging(["REMISSION_SSH_COMMAND": standInSSH()]) { _, new in new }
        let result = try home.run(
            ["connect", bed.daemonURL(), "--name", "box", "--via", "ssh://me@127.0.0.1", "--save-offline"], env: env)
        #expect(result.status == 3, "\(result.all)")
        expectClean(readText(directory.file("ssh.env")), "ssh")
        #expect(readText(directory.file("ssh.args"))?.contains("-l\nme\n--\n127.0.0.1\n") == true)
    }

    @Test(
        "an ssh user name a shell would read is refused (exit 2) before ssh runs, given or saved",
        arguments: ["ssh://$(id)@127.0.0.1", "ssh://a;id@127.0.0.1", "ssh://`id`@127.0.0.1", "ssh://%r@127.0.0.1"])
    func userNames(via: String) throws {
        let env = ["REMISSION_SSH_COMMAND": standInSSH()]
        let given = try home.run(
            ["connect", bed.daemonURL(), "--name", "box", "--via", via, "--save-offline"], env: env)
        #expect(given.status == 2, "\(given.all)")
        #expect(given.err.contains("which ssh refuses in a user name"), "\(given.err)")
        #expect(home.writtenFiles()["config/servers.json"] == nil)
        // Written by hand (or by an older remission): refused where it is used, ssh never started.
        let saved = try home.run(
            ["connect", bed.daemonURL(), "--name", "box", "--via", "ssh://me@127.0.0.1", "--save-offline"], env: env)
        #expect(saved.status == 3, "\(saved.all)")
        try? FileManager.default.removeItem(atPath: directory.file("ssh.args"))
        let file = home.configDirectory + "/servers.json"
        let text = try #require(readText(file))
        writeRaw(
            text.replacingOccurrences(of: "ssh://me@127.0.0.1", with: jsonEscaped(via)), to: file, permissions: 0o600)
        let list = try home.run(["list", "--server", "box"], env: env)
        #expect(list.status == 2, "\(list.all)")
        #expect(list.err.contains("which ssh refuses in a user name"), "\(list.err)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("ssh.args")), "ssh ran")
    }

    func jsonEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    @Test("a notify --exec hook gets no secret, in process and as the binary")
    func execHook() throws {
        let closed = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        // Each run its own home: notify reports an event once, also across runs.
        for run in [CLIHome(bed: bed).run, CLIHome(bed: bed).runProcess] {
            let dump = directory.file("hook-\(UUID().uuidString.prefix(4)).env")
            let result = try run(
                ["notify", "--once", "--no-desktop", "--exec", "env > '\(dump)'", "--server", closed], nil, secrets)
            #expect(result.status == 0, "\(result.all)")
            expectClean(readText(dump), "the --exec hook")
        }
    }

    @Test("remission-open's notify-send gets no secret")
    func openHandler() throws {
        let bin = directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        writeRaw("#!/bin/sh\nenv > '\(directory.file("notify.env"))'\n", to: bin + "/notify-send", permissions: 0o755)
        let script = try #require(readText(TestBed.repositoryRoot + "/scripts/lib/remission-open"))
        let handler = directory.file("remission-open")
        writeRaw(script.replacingOccurrences(of: "@REMISSION@", with: home.remission), to: handler, permissions: 0o755)
        var env = home.environment.merging(secrets) { _, new in new }
        env["PATH"] = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/bus"
        // No default server: add fails, and notify-send says so.
        let result = try ProcessRunner.run(
            handler, args: ["magnet:?xt=urn:btih:" + String(repeating: "a", count: 40)], env: env)
        #expect(result.status != 0, "\(result.stdoutText)\(result.stderrText)")
        expectClean(readText(directory.file("notify.env")), "notify-send")
    }
}
