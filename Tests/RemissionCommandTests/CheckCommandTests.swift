import Foundation
import TestSupport
import Testing

/// `remission check URL` run as a real process against the real test bed: the trust decision,
/// ONLINE/OFFLINE and the exit codes of PRODUCT.md §1.
@Suite("remission check (process, real daemon and nginx)")
struct CheckCommandTests {
    let bed: TestBed
    let remission = TestBed.builtProduct("remission")
    let home: String

    init() throws {
        bed = try TestBed.shared
        home = NSTemporaryDirectory() + "remission-cli-\(UUID().uuidString)"
    }

    /// Runs remission (in process: `CLIHome.run`) with private XDG dirs, no system CAs, and the bed's
    /// credentials in TR_AUTH.
    func remission(_ arguments: [String], auth: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let environment = [
            "REMISSION_CONFIG_HOME": home + "/config", "REMISSION_CACHE_HOME": home + "/cache",
            "REMISSION_STATE_HOME": home + "/state", "SSL_CERT_DIR": "/nonexistent", "SSL_CERT_FILE": "/nonexistent",
            "TR_AUTH": auth ?? bed.credentials, "NO_COLOR": "1",
        ]
        let result = try CLIHome.run(arguments, over: environment, timeout: .seconds(30))
        return (result.status, result.out, result.err)
    }

    @Test("CA-valid with --ca-file: every step ok, ONLINE, exit 0")
    func online() throws {
        let result = try remission(["check", bed.url(for: .caSigned), "--ca-file", bed.caFile])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("Trusted: CA file \(bed.caFile)"))
        #expect(result.out.contains("rpc-version 16: compatible, classic dialect"))
        #expect(result.out.hasSuffix("ONLINE\n"))
    }

    @Test(
        "untrusted certificates: the decision with its reason, UNTRUSTED (not OFFLINE), exit 5",
        arguments: [
            (TestBed.Listener.selfSigned, "self-signed"),
            (.expired, "expired"),
            (.wrongHost, "other.example"),
        ])
    func untrusted(listener: TestBed.Listener, reason: String) throws {
        let result = try remission(["check", bed.url(for: listener), "--ca-file", bed.caFile])
        #expect(result.status == 5, "\(result.out)\(result.err)")
        #expect(result.out.contains("Refused:"))
        #expect(result.out.lowercased().contains(reason))
        #expect(result.out.contains("UNTRUSTED — tls: certificate not trusted"))
        if listener == .wrongHost {
            // Valid under the CA file, for another name that does not resolve here: no command trusts it.
            #expect(!result.out.contains("remission trust accept"), "\(result.out)")
            #expect(result.out.contains("other.example does not resolve to 127.0.0.1 on this computer"))
        } else {
            #expect(result.out.contains("remission trust accept"))
        }
    }

    @Test("a pinned self-signed key is ONLINE")
    func pinned() throws {
        let result = try remission(["check", bed.url(for: .selfSigned), "--pin", try bed.pin(.selfSigned)])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("Trusted: pinned key"))
    }

    @Test("refused port: OFFLINE at tcp, exit 3")
    func refused() throws {
        let result = try remission(["check", "https://127.0.0.1:\(bed.closedPort)/transmission/rpc"])
        #expect(result.status == 3)
        #expect(result.out.contains("OFFLINE — tcp: connection refused"))
    }

    @Test("the web interface's URL: check says on a line that it checks the RPC address beside it")
    func webInterface() throws {
        let web = "http://127.0.0.1:\(bed.daemonPort())/transmission/web/"
        let rpc = "http://127.0.0.1:\(bed.daemonPort())/transmission/rpc"
        let result = try remission(["check", web])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.hasPrefix(rpc + "\n"), "\(result.out)")
        #expect(
            result.err.contains("note: \(web) is the web interface; checking its RPC address \(rpc)\n"), "\(result.err)"
        )
        let russian = try remission(["--lang", "ru", "check", web])
        #expect(russian.err.contains("замечание: \(web) — это веб-интерфейс; проверяется его адрес RPC \(rpc)"))
        #expect(!(try remission(["check", rpc])).err.contains("web interface"))
    }

    @Test("silent port: OFFLINE with a timeout, exit 3")
    func timeout() throws {
        let result = try remission(["check", "https://127.0.0.1:\(bed.silentPort)/transmission/rpc", "--timeout", "1"])
        #expect(result.status == 3)
        #expect(result.out.contains("OFFLINE — tls: timed out waiting for the TLS handshake"))
    }

    @Test("wrong password: AUTH FAILED at auth, exit 4, the password nowhere in the output or the -v log")
    func wrongPassword() throws {
        let secret = "Wr0ng-\(UUID().uuidString)"
        let result = try remission(
            ["check", bed.url(for: .caSigned), "--ca-file", bed.caFile, "-v"], auth: "\(bed.user):\(secret)")
        #expect(result.status == 4)
        // The server answered: the verdict is the log's AUTH FAILED, not OFFLINE (the JSON status stays "offline").
        #expect(result.out.contains("AUTH FAILED — auth: authentication failed (401)"), "\(result.out)")
        #expect(!result.out.contains(secret))
        #expect(!result.err.contains(secret))
        #expect(!result.err.isEmpty)
    }

    @Test("403 and 421 are told apart, exit 6")
    func serverRefusals() throws {
        let forbidden = try remission(["check", bed.daemonURL(.forbidden)])
        #expect(forbidden.status == 6)
        #expect(forbidden.out.contains("rpc-whitelist"))
        let misdirected = try remission(["check", bed.url(for: .hostcheck)])
        #expect(misdirected.status == 6)
        #expect(misdirected.out.contains("rpc-host-whitelist"))
    }

    @Test("a proxy dropping the session header is named, exit 6")
    func handshakeLoop() throws {
        let result = try remission(["check", bed.url(for: .stripSession), "--ca-file", bed.caFile])
        #expect(result.status == 6)
        #expect(result.out.contains("X-Transmission-Session-Id"))
    }

    @Test("check --watch: each round of text starts with its time (--utc: UTC); --json rounds stay bare objects")
    func watchStamps() throws {
        // `timeout` ends the watch after its third round has started (rounds every second).
        let url = bed.url(for: .caSigned)
        let text = try remission(["check", url, "--ca-file", bed.caFile, "--watch", "1", "--utc"], under: 2.5)
        let stamps = text.out.split(separator: "\n").filter { $0.hasPrefix("── ") && $0.hasSuffix(" UTC ──") }
        #expect(stamps.count >= 2, "\(text.out)")
        let year = String(UTCDateProbe.currentYear())
        #expect(stamps.allSatisfy { $0.contains(year) }, "\(stamps)")
        #expect(text.out.components(separatedBy: "ONLINE").count - 1 >= 2)
        let json = try remission(["check", url, "--ca-file", bed.caFile, "--watch", "1", "--json"], under: 2.5)
        #expect(!json.out.contains("──"), "\(json.out)")
        #expect(json.out.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, "\(json.out)")
    }

    /// `remission(arguments)` ended by `timeout` (SIGTERM) after `seconds`.
    func remission(_ arguments: [String], under seconds: Double) throws -> (status: Int32, out: String, err: String) {
        let environment = [
            "REMISSION_CONFIG_HOME": home + "/config", "REMISSION_CACHE_HOME": home + "/cache",
            "REMISSION_STATE_HOME": home + "/state", "SSL_CERT_DIR": "/nonexistent", "SSL_CERT_FILE": "/nonexistent",
            "TR_AUTH": bed.credentials, "NO_COLOR": "1",
        ]
        let result = try bed.run(
            "timeout", args: [String(seconds), remission] + arguments, env: environment, timeout: .seconds(30))
        return (result.status, result.stdoutText, result.stderrText)
    }

    @Test("--json prints one object with the status and exit code")
    func json() throws {
        let result = try remission(["check", "--json", bed.url(for: .caSigned), "--ca-file", bed.caFile])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(object?["status"] as? String == "online")
        #expect(object?["exitCode"] as? Int == 0)
        #expect((object?["steps"] as? [Any])?.count == 6)
    }

    @Test(
        "usage errors exit 2 with a message that says what to do",
        arguments: [
            ["check", "nas.local:9091"],
            ["check", "https://nas/", "--pin", "sha1//abc"],
            ["check", "https://nas/", "--timeout", "-1"],
            ["check", "--no-such-flag"],
        ])
    func usage(arguments: [String]) throws {
        let result = try remission(arguments)
        #expect(result.status == 2, "\(result.err)")
        #expect(!result.err.isEmpty)
    }

    @Test("--help documents the exit codes; --version prints the version")
    func help() throws {
        let help = try remission(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("Exit codes:"))
        #expect(help.out.contains("7  keyring unavailable or locked"))
        let version = try remission(["--version"])
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("0."))
    }
}

/// The current UTC year, to check a stamp is today's without parsing it.
enum UTCDateProbe {
    static func currentYear() -> Int {
        Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year ?? 0
    }
}
