import Foundation
import TestSupport
import Testing

/// A route is part of a server's identity (issue 33, PRODUCT.md §2), through the real binary, a real
/// sshd on loopback and the bed's nginx: one URL saved twice, through ssh and directly, is two
/// servers that share no pin, no accepted certificate and no password; `--server URL` names neither
/// silently. And what an older remission kept (trust.json version 1, a keyring item without a route)
/// still serves the routed server it belonged to, moved under its own identity, never to another.
@Suite("a route is part of a server's identity (process, real sshd, nginx, keyring)", .serialized)
struct RouteIdentityCommandTests {
    let bed: TestBed
    let home: CLIHome
    let ssh: TestSSHServer

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
        ssh = try TestSSHServer()
    }

    /// The wrong-host listener (a CA-signed leaf for other.example; a pin of its key decides) by
    /// `localhost`: no other suite keeps a keyring item for that address and user, and the keyring is
    /// shared by every suite of the run.
    var url: String { bed.url(for: .wrongHost, host: host) }
    var env: [String: String] { ssh.environment(.trusted) }
    /// The routed identity's `route`: the SSH host and port, without the user.
    var route: String { ssh.destination.replacingOccurrences(of: "root@", with: "") }
    var host: String { "localhost" }
    var port: Substring { url.split(separator: ":")[2].prefix { $0.isNumber } }
    /// trust.json's key for the direct server.
    var bare: String { "https://\(host):\(port)" }

    @Test("one URL through ssh and directly: two servers; no pin, password or choice shared")
    func twoServersOneURL() throws {
        let box = try home.run(
            [
                "connect", url, "--name", "box", "--via", ssh.destination, "--pin", try bed.pin(.wrongHost), "--user",
                bed.user, "--password-stdin",
            ], stdin: bed.password + "\n", env: env)
        #expect(box.status == 0, "\(box.all)")
        // The same URL directly is another server: box's pin is not its trust, nor box's password its own.
        let local = try home.run(["connect", url, "--name", "local", "--user", bed.user], env: env)
        #expect(local.status == 5, "\(local.all)")
        #expect(local.all.contains("cannot be established"), "\(local.all)")
        let trusted = try home.run(
            ["connect", url, "--name", "local", "--pin", try bed.pin(.wrongHost), "--user", bed.user], env: env)
        #expect(trusted.status == 4, "box's password is not sent to local: \(trusted.all)")
        #expect(trusted.err.contains("no password") || trusted.out.contains("no password"), "\(trusted.all)")
        let saved = try home.run(
            [
                "connect", url, "--name", "local", "--pin", try bed.pin(.wrongHost), "--user", bed.user,
                "--no-save-password",
            ], env: env.merging(["TR_AUTH": bed.credentials]) { $1 })
        #expect(saved.status == 0, "\(saved.all)")

        // Each its own entry in trust.json, its own keyring item.
        let trust = try #require(readText(home.configDirectory + "/trust.json"))
        #expect(trust.contains("\"\(bare)\" : {") && trust.contains("\"\(bare) via \(route)\" : {"), "\(trust)")
        let listed = try home.run(["trust", "list"])
        #expect(listed.out.contains("via \(route)") && listed.out.contains("box") && listed.out.contains("local"))
        let routedItem = try bed.run(
            "secret-tool", args: ["lookup", "server", host, "user", bed.user, "route", route])
        #expect(routedItem.stdoutText == bed.password)
        let status = try home.run(["credentials", "status", "local"])
        #expect(!status.out.contains("keyring (stored)") || status.out.contains("no password"), "\(status.out)")
        let box2 = try home.run(["list", "--server", "box"], env: env)
        #expect(box2.status == 0, "its own password from the keyring: \(box2.all)")
        let local2 = try home.run(["list", "--server", "local"], env: env)
        #expect(local2.status == 4, "no password of its own: \(local2.all)")

        // The URL names two servers: never one of them silently.
        let byURL = try home.run(["list", "--server", url], env: env)
        #expect(byURL.status == 2, "\(byURL.all)")
        #expect(
            byURL.err.contains(
                "is the address of 2 saved servers: box (via \(route)), local (direct)"),
            "\(byURL.err)")
        #expect(byURL.err.contains("--server box"), "\(byURL.err)")
        let russian = try home.run(["list", "--server", url], env: env.merging(["LANG": "ru_RU.UTF-8"]) { $1 })
        #expect(russian.err.contains("адрес 2 сохранённых серверов"), "\(russian.err)")

        // Removing one leaves the other whole.
        let removed = try home.run(["servers", "remove", "local", "--yes"])
        #expect(removed.status == 0, "\(removed.all)")
        let still = try home.run(["check", "box"], env: env)
        #expect(still.status == 0, "\(still.all)")
        #expect(ssh.sshProcesses().isEmpty)
    }

    /// As an older remission left them: trust.json version 1 with box's pin under the bare URL, and
    /// its password in a keyring item without a route.
    func writeOldFiles(direct: Bool) throws {
        let config = home.configDirectory
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let servers =
            [
                """
                {"name": "box", "scheme": "https", "host": "\(host)", "port": \(port), "path": "/transmission/rpc",
                 "user": "\(bed.user)", "createdAt": 0, "options": {"via": "\(ssh.destination)"}}
                """
            ]
            + (direct
                ? [
                    """
                    {"name": "local", "scheme": "https", "host": "\(host)", "port": \(port), "path": "/transmission/rpc",
                     "user": "\(bed.user)", "createdAt": 0, "options": {}}
                    """
                ] : [])
        writeRaw(
            "{\"version\": 1, \"default\": \"box\", \"servers\": [\(servers.joined(separator: ","))]}",
            to: config + "/servers.json", permissions: 0o600)
        writeRaw(
            "{\"version\": 1, \"servers\": {\"\(bare)\": {\"pins\": [\"\(try bed.pin(.wrongHost))\"]}}}",
            to: config + "/trust.json", permissions: 0o600)
        let stored = try bed.run(
            "secret-tool",
            args: [
                "store", "--label", "Remission: old", "xdg:schema", "org.remission.Credentials", "server", host, "port",
                String(port), "protocol", "https", "user", bed.user,
            ], stdin: Data(bed.password.utf8))
        try #require(stored.status == 0, "\(stored.stderrText)")
    }

    @Test("an older remission's files: the routed server keeps working, its password moves to its own item")
    func migration() throws {
        try writeOldFiles(direct: false)
        let before = try #require(readText(home.configDirectory + "/trust.json"))
        let check = try home.run(["check", "box"], env: env)
        #expect(check.status == 0, "\(check.all)")
        #expect(readText(home.configDirectory + "/trust.json") == before, "reading never writes")
        let moved = try bed.run("secret-tool", args: ["lookup", "server", host, "user", bed.user, "route", route])
        #expect(moved.stdoutText == bed.password)
        let search = try bed.run("secret-tool", args: ["search", "--all", "server", host, "user", bed.user])
        #expect(
            !(search.stdoutText + search.stderrText).contains("label = Remission: old"),
            "the old item is gone: \(search.stdoutText)\(search.stderrText)")
        // A later change writes version 2: the entry under box's identity, the original kept.
        let http = try home.run(["trust", "pin", "box", "--spki", try bed.pin(.caSigned)], env: env)
        #expect(http.status == 0, "\(http.all)")
        let written = try #require(readText(home.configDirectory + "/trust.json"))
        #expect(written.contains("\"version\" : 2") && written.contains(" via \(route)\""), "\(written)")
        #expect(readText(home.configDirectory + "/trust.json.v1.bak") == before)
        _ = try bed.run("secret-tool", args: ["clear", "server", host, "user", bed.user])
    }

    @Test("an older remission's files with a direct server of the same URL: it keeps the bare URL's password")
    func migrationWithDirectTwin() throws {
        try writeOldFiles(direct: true)
        let local = try home.run(["check", "local"], env: env)
        #expect(local.status == 0, "the direct server reads the bare URL's pin and password: \(local.all)")
        let box = try home.run(["list", "--server", "box"], env: env)
        #expect(box.status == 4, "whose password it was nobody can tell: box asks anew: \(box.all)")
        let check = try home.run(["check", "box"], env: env.merging(["TR_AUTH": bed.credentials]) { $1 })
        #expect(check.status == 0, "box keeps its copy of the pin: \(check.all)")
        // The direct server's item (stored again with an empty route on its first use); box has none.
        let kept = try bed.run("secret-tool", args: ["lookup", "server", host, "user", bed.user, "route", ""])
        #expect(kept.stdoutText == bed.password)
        let routed = try bed.run("secret-tool", args: ["lookup", "server", host, "user", bed.user, "route", route])
        #expect(routed.stdoutText.isEmpty)
        _ = try bed.run("secret-tool", args: ["clear", "server", host, "user", bed.user])
    }
}
