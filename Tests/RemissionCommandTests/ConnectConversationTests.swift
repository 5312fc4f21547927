import Foundation
import TestSupport
import Testing

/// `connect` as a newcomer meets it on a terminal (issue 14): it asks for what is missing after the
/// daemon's 401, keeps every answer across a retry, gives three password tries, then saves everything.
@Suite("remission connect as a conversation (pseudo-terminal, real daemon, nginx and keyring)")
struct ConnectConversationTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    /// A self-signed listener that no other test stores a password for (the keyring is shared by the run).
    var url: String { bed.url(for: .changed, host: "localhost") }
    var port: Int { bed.port(for: .changed)! }

    @Test(
        "first run with neither --user nor a password: yes, user, a mistyped password, the right one; ONLINE, all saved"
    )
    func firstRun() throws {
        let result = try home.runOnTerminal(
            ["connect", url, "--name", "home"], lines: ["yes", bed.user, "not-the-password", bed.password])
        let screen = result.out
        print(screen)  // the transcript (README's closing note shows it)
        #expect(result.status == 0, "\(result.all)")
        #expect(screen.components(separatedBy: "Trust this certificate?").count == 2, "asked once: \(screen)")
        let question = screen.components(separatedBy: "Trust this certificate?")[0]
        #expect(question.hasPrefix("The authenticity of localhost:\(port) cannot be established"), "\(question)")
        let fingerprint = try bed.fingerprint(.changed).replacingOccurrences(of: ":", with: "").uppercased()
        #expect(question.components(separatedBy: fingerprint).count == 2, "the fingerprint once: \(question)")
        #expect(!question.contains("Refused") && !question.contains("remission trust"))
        #expect(screen.contains("localhost:\(port) asks for a user name and password (401)."))
        #expect(screen.contains("User name for localhost:\(port): "))
        #expect(screen.components(separatedBy: "Password for \(bed.user)@localhost:\(port): ").count == 3)
        #expect(screen.contains("Wrong user name or password (401); try again (2 tries left)."))
        #expect(screen.contains("password from the prompt"))
        #expect(screen.contains("ONLINE"))
        #expect(screen.contains("saved server 'home' (default); password stored in the keyring"))
        // The check report is printed once, for the check that counted.
        #expect(!screen.contains("FAIL"))
        #expect(!screen.contains("not-the-password") && !screen.contains(bed.password))  // no echo

        let files = home.writtenFiles()
        #expect(files["config/servers.json"]?.contains("\"name\" : \"home\"") == true)
        #expect(files["config/servers.json"]?.contains("\"user\" : \"\(bed.user)\"") == true)
        #expect(files["config/trust.json"]?.contains(fingerprint) == true)
        let stored = try bed.run(
            "secret-tool", args: ["lookup", "server", "localhost", "port", "\(port)", "user", bed.user]
        ).stdoutText
        #expect(stored == bed.password)

        let check = try home.run(["check"])
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.contains("password from the keyring"))
        // The tries without a password and with the mistyped one are steps of one connect: its
        // record is its outcome, so the next check finds no failure in the last hour.
        #expect(!check.err.contains("in the last hour"), "\(check.err)")
        let log = try home.run(["log", "--json"])
        #expect(log.out.components(separatedBy: "\"command\":\"connect\"").count == 2, "\(log.out)")
        #expect(!log.out.contains("\"exitCode\":4") && !log.out.contains("unauthorized"), "\(log.out)")
    }

    @Test("three wrong passwords: the report of the last try, exit 4, nothing saved, the certificate asked once")
    func threeTries() throws {
        let result = try home.runOnTerminal(
            // No password is stored for this listener at 127.0.0.1 (the keyring is shared by the run).
            ["connect", bed.url(for: .changed), "--name", "three", "--user", bed.user],
            lines: ["yes", "wrong-1", "wrong-2", "wrong-3"])
        #expect(result.status == 4, "\(result.all)")
        #expect(result.out.components(separatedBy: "Trust this certificate?").count == 2)
        #expect(result.out.contains("try again (2 tries left)"))
        #expect(result.out.contains("try again (last try)"))
        #expect(result.out.components(separatedBy: "Password for ").count == 4)
        #expect(result.out.contains("password from the prompt"))
        #expect(result.out.contains("Nothing was saved"))
        #expect(home.writtenFiles().keys.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("without a terminal, a 401 with neither user nor password names connect's flags, not a saved name")
    func unauthorizedWithoutTerminal() throws {
        let result = try home.run([
            "connect", bed.url(for: .selfSigned), "--name", "script", "--accept-fingerprint",
            try bed.fingerprint(.selfSigned),
        ])
        #expect(result.status == 4, "\(result.all)")
        #expect(result.out.contains("authentication required (401): no user name or password given"))
        #expect(result.out.contains("hint: Give a user and password: --user NAME --password-stdin"))
        #expect(!result.all.contains("credentials set"))
        #expect(!result.all.contains("from no"))
        #expect(home.writtenFiles().keys.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("an untrusted CA during connect: the screen and the refusal name --ca-file, never `remission trust`")
    func untrustedCAWithoutTerminal() throws {
        let result = try home.run(["connect", bed.url(for: .caSigned), "--name", "homeca"])
        #expect(result.status == 5, "\(result.all)")
        #expect(result.err.contains("--ca-file"))
        #expect(!result.all.contains("remission trust"), "\(result.all)")
        let withCA = try home.run(
            [
                "connect", bed.url(for: .caSigned), "--name", "homeca", "--ca-file", bed.caFile, "--user", bed.user,
                "--password-stdin",
            ], stdin: bed.password)
        #expect(withCA.status == 0, "\(withCA.all)")
    }

    @Test("connect localhost:PORT: a bare host[:port] is accepted, and connect says which URL it used")
    func bareHost() throws {
        let port = try #require(bed.daemonURL().split(separator: ":").last?.split(separator: "/").first)
        let result = try home.run(
            ["connect", "localhost:\(port)", "--name", "bare", "--user", bed.user, "--password-stdin"],
            stdin: bed.password)
        #expect(result.status == 0, "\(result.all)")
        #expect(result.err.contains("No scheme given: using http://localhost:\(port)/transmission/rpc"))
        #expect(!result.all.contains("nsupported scheme"))
        #expect(home.writtenFiles()["config/servers.json"]?.contains("localhost") == true)
    }
}

extension ConnectConversationTests {
    @Test("--server on connect updates that saved server, or is refused; never ignored")
    func serverOption() throws {
        let missing = try home.run(["connect", bed.daemonURL(), "--server", "nosuch"])
        #expect(missing.status == 2, "\(missing.all)")
        #expect(missing.err.contains("nosuch"))
        #expect(home.writtenFiles()["config/servers.json"] == nil)
        let both = try home.run(["connect", bed.daemonURL(), "--server", "a", "--name", "b"])
        #expect(both.status == 2, "\(both.all)")

        let first = try home.run(
            ["connect", bed.daemonURL(), "--name", "box", "--user", bed.user, "--password-stdin"], stdin: bed.password)
        #expect(first.status == 0, "\(first.all)")
        let update = try home.run(
            ["connect", bed.daemonURL(), "--server", "box", "--user", bed.user, "--password-stdin"], stdin: bed.password
        )
        #expect(update.status == 0, "\(update.all)")
        #expect(update.err.contains("updated server 'box'"))
        #expect(home.writtenFiles()["config/servers.json"]?.contains("\"name\" : \"127.0.0.1\"") == false)
    }
}

extension ConnectConversationTests {
    @Test("re-pointing a saved server on a terminal asks first; 'no' changes nothing")
    func repointAsks() throws {
        let first = try home.run(
            [
                "connect", bed.daemonURL(), "--name", "moving", "--user", bed.user, "--password-stdin",
                "--no-save-password",
            ], stdin: bed.password)
        #expect(first.status == 0, "\(first.all)")
        let before = home.writtenFiles()["config/servers.json"]
        let no = try home.runOnTerminal(
            ["connect", bed.url(for: .caSigned), "--name", "moving", "--ca-file", bed.caFile], lines: ["no"])
        #expect(no.status == 1, "\(no.all)")
        #expect(no.out.flowing.contains("Server 'moving' is saved for \(bed.daemonURL()). Point it at"))
        #expect(no.out.contains("Nothing was changed."))
        #expect(home.writtenFiles()["config/servers.json"] == before)
    }
}
