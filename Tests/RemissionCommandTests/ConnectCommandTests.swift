import Foundation
import TestSupport
import Testing

/// `remission connect` run as a real process against the real test bed and the real keyring
/// (scripts/with-keyring): nothing is saved before the check succeeds; the password goes to the
/// keyring only; the interactive questions work on a terminal.
@Suite("remission connect (process, real daemon, nginx and keyring)")
struct ConnectCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    var selfSignedURL: String { bed.url(for: .selfSigned) }

    @Test("without a terminal and without a trust flag: exit 5 naming the flags, nothing saved")
    func refusesWithoutFlags() throws {
        let result = try home.run(
            ["connect", selfSignedURL, "--name", "nas", "--user", bed.user, "--password-stdin"], stdin: bed.password)
        #expect(result.status == 5, "\(result.all)")
        let fingerprint = try bed.fingerprint(.selfSigned).replacingOccurrences(of: ":", with: "").uppercased()
        #expect(result.err.contains("--accept-fingerprint SHA256:\(fingerprint)"))
        #expect(result.err.contains("--pin \(try bed.pin(.selfSigned))"))
        #expect(home.writtenFiles().keys.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("with the fingerprint and the password: ONLINE, profile and trust saved, password only in the keyring")
    func savesAfterCheck() throws {
        let user = bed.user
        let result = try home.run(
            [
                "connect", selfSignedURL, "--name", "nas", "--user", user, "--password-stdin", "--accept-fingerprint",
                try bed.fingerprint(.selfSigned), "-v",
            ], stdin: bed.password)
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("ONLINE"))
        #expect(result.err.contains("saved server 'nas' (default)"))
        let files = home.writtenFiles()
        #expect(files["config/servers.json"]?.contains("\"name\" : \"nas\"") == true)
        let fingerprint = try bed.fingerprint(.selfSigned).replacingOccurrences(of: ":", with: "").uppercased()
        #expect(files["config/trust.json"]?.contains(fingerprint) == true)
        // The password appears nowhere but in the keyring: not in output, not in the -v log, not in any file.
        #expect(!result.all.contains(bed.password))
        for (path, contents) in files { #expect(!contents.contains(bed.password), "password in \(path)") }
        #expect(try home.secretToolLookup(host: "127.0.0.1", user: user) == bed.password)

        let check = try home.run(["check", "nas"])
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.contains("password from the keyring"))
        let byDefault = try home.run(["check"])
        #expect(byDefault.status == 0)
    }

    @Test("a mistyped --accept-fingerprint is named as such (not CERTIFICATE CHANGED), nothing saved")
    func wrongFingerprintFlag() throws {
        let result = try home.run(
            ["connect", selfSignedURL, "--name", "typo", "--accept-fingerprint", try bed.fingerprint(.changed)])
        #expect(result.status == 5, "\(result.all)")
        #expect(result.err.contains("The fingerprint you gave"))
        #expect(result.err.contains("is not the server's"))
        #expect(!result.all.contains("CERTIFICATE CHANGED"))
        #expect(home.writtenFiles().keys.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("a wrong password: exit 4 and nothing saved")
    func wrongPassword() throws {
        let result = try home.run(
            [
                "connect", bed.url(for: .caSigned), "--name", "bad", "--user", bed.user, "--password-stdin",
                "--ca-file", bed.caFile,
            ],
            stdin: "not-the-password")
        #expect(result.status == 4, "\(result.all)")
        #expect(result.err.contains("Nothing was saved"))
        #expect(home.writtenFiles().keys.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("--save-offline keeps an offline server, and exits with the offline code")
    func saveOffline() throws {
        let result = try home.run([
            "connect", "http://127.0.0.1:\(bed.closedPort)/transmission/rpc", "--name", "later", "--save-offline",
        ])
        #expect(result.status == 3, "\(result.all)")
        #expect(home.writtenFiles()["config/servers.json"]?.contains("later") == true)
    }

    @Test("re-pointing a saved name: refused without --yes off a terminal; with it updated, the old item named")
    func rerunUpdates() throws {
        let first = try home.run(
            ["connect", bed.daemonURL(), "--name", "box", "--user", bed.user, "--password-stdin"], stdin: bed.password)
        #expect(first.status == 0, "\(first.all)")
        let repoint = [
            "connect", bed.url(for: .caSigned), "--name", "box", "--ca-file", bed.caFile, "--user", bed.user,
            "--password-stdin",
        ]
        let before = home.writtenFiles()["config/servers.json"]
        let refused = try home.run(repoint, stdin: bed.password)
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.err.contains("Server 'box' is saved for \(bed.daemonURL())"))
        #expect(refused.err.contains("add --yes to point it at \(bed.url(for: .caSigned))"))
        #expect(home.writtenFiles()["config/servers.json"] == before)
        // Another endpoint has no stored password yet: the keyring item is keyed by host, port and scheme.
        let second = try home.run(repoint + ["--yes"], stdin: bed.password)
        #expect(second.status == 0, "\(second.all)")
        #expect(second.err.contains("updated server 'box'"))
        #expect(second.err.contains("The old address \(bed.daemonURL()) kept its password in the keyring"))
        #expect(second.err.contains("secret-tool clear server 127.0.0.1 port "))
        #expect(home.writtenFiles()["config/servers.json"]?.contains("\"scheme\" : \"https\"") == true)
    }

    @Test("plain HTTP to a non-loopback name needs --allow-http without a terminal")
    func plainHTTPNeedsAcknowledgement() throws {
        let hostName = ProcessInfo.processInfo.hostName
        let result = try home.run([
            "connect", "http://\(hostName):\(bed.daemonPort())/transmission/rpc", "--name", "lan",
        ])
        #expect(result.status == 5, "\(result.all)")
        #expect(result.err.contains("--allow-http"))
        #expect(home.writtenFiles().keys.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("on a terminal: shows the certificate, asks, accepts 'yes', reads the password without echo")
    func interactive() throws {
        // localhost, not 127.0.0.1: no other test stores a password for this host in the shared keyring.
        let url = bed.url(for: .selfSigned, host: "localhost")
        let result = try home.runOnTerminal(
            ["connect", url, "--name", "tty", "--user", bed.user], lines: ["yes", bed.password])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("Trust this certificate? (yes/no/[fingerprint])"))
        #expect(result.out.contains("Password for \(bed.user)@localhost"))
        #expect(result.out.contains("password from the prompt"))
        #expect(!result.out.contains(bed.password))  // not echoed
        #expect(result.out.contains("ONLINE"))
        #expect(try home.secretToolLookup(host: "localhost", user: bed.user) == bed.password)
    }

    @Test("on a terminal: a fingerprint that does not match is refused, 'no' is refused")
    func interactiveRefusals() throws {
        let wrong = try home.runOnTerminal(
            ["connect", selfSignedURL, "--name", "tty2", "--user", bed.user], lines: [try bed.fingerprint(.changed)])
        #expect(wrong.status == 5, "\(wrong.all)")
        #expect(wrong.out.flowing.contains("is not the server's"))
        let no = try home.runOnTerminal(
            ["connect", selfSignedURL, "--name", "tty3", "--user", bed.user], lines: ["no"])
        #expect(no.status == 5)
        #expect(home.writtenFiles().keys.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("check --all: one line a server, concurrently, exit with the worst code; --json one object each")
    func checkAll() throws {
        let online = try home.run(
            ["connect", bed.daemonURL(), "--name", "up", "--user", bed.user, "--password-stdin"], stdin: bed.password)
        #expect(online.status == 0, "\(online.all)")
        let offline = try home.run([
            "connect", "http://127.0.0.1:\(bed.closedPort)/transmission/rpc", "--name", "down", "--save-offline",
        ])
        #expect(offline.status == 3)
        let all = try home.run(["check", "--all"])
        #expect(all.status == 3, "\(all.all)")
        let lines = all.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("up") && $0.contains("ONLINE") })
        #expect(lines.contains { $0.hasPrefix("down") && $0.contains("OFFLINE — tcp: connection refused") })
        let json = try home.run(["check", "--all", "--json"])
        #expect(json.out.split(separator: "\n").count == 2)
        #expect(json.out.contains("\"server\":\"down\""))
    }

    @Test("20 concurrent connects lose no profile")
    func concurrentConnects() throws {
        let url = bed.daemonURL()
        let home = self.home
        let password = bed.password
        let user = bed.user
        let statuses = try (0..<20).map { index in
            Task.detached {
                try home.run(
                    ["connect", url, "--name", "s\(index)", "--user", user, "--password-stdin"], stdin: password
                ).status
            }
        }.map { task in try awaitSync(task) }
        #expect(statuses.allSatisfy { $0 == 0 })
        let list = home.writtenFiles()["config/servers.json"] ?? ""
        for index in 0..<20 { #expect(list.contains("\"name\" : \"s\(index)\"")) }
    }
}

/// Waits for a detached task from synchronous test code.
func awaitSync<T: Sendable>(_ task: Task<T, any Error>) throws -> T {
    let box = ResultBox<T>()
    let semaphore = DispatchSemaphore(value: 0)
    Task {
        box.result = await task.result
        semaphore.signal()
    }
    semaphore.wait()
    return try box.result!.get()
}

final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
