import Foundation
import TestSupport
import Testing

/// Issue 12 on a pseudo-terminal: the screens a person decides on (remove --delete-data's list, the
/// trust prompt of connect, watch) hold only Remission's own escape sequences, never the server's or
/// a certificate's.
@Suite("Hostile text on a terminal: remove, connect's trust prompt, watch (process, pty)")
struct HostileTerminalTests {
    @Test("remove --delete-data lists what it deletes escaped, and asks", arguments: ["classic", "jsonrpc"])
    func removeConfirmation(dialect: String) throws {
        let server = try HostileServer(scenario: HostileTextTests.scenario(dialect))
        let home = CLIHome(bed: try TestBed.shared)
        let (status, output) = try home.runOnTerminalRaw(
            ["remove", "1,2", "--delete-data", "--server", server.url()], keys: ["no\n"])
        let text = String(decoding: output, as: UTF8.self)
        #expect(status == 1, "\(text)")
        #expect(text.contains("To remove (2 torrents, deleting"), "\(text)")
        #expect(text.contains("N" + Hostile.shown), "\(text)")
        #expect(text.contains("/D" + Hostile.shown), "\(text)")
        #expect(text.contains("Delete the data of 2 torrents"), "\(text)")
        #expect(Hostile.leaks(output, terminal: true).isEmpty, "\(Hostile.leaks(output, terminal: true))")
        let log = String(decoding: server.receivedLog, as: UTF8.self)
        #expect(!log.contains("torrent-remove") && !log.contains("torrent_remove"))
    }

    @Test(
        "watch draws the server's names escaped: no ESC of the server's, no C1, no bidi control",
        arguments: ["classic", "jsonrpc"])
    func watch(dialect: String) throws {
        let server = try HostileServer(scenario: HostileTextTests.scenario(dialect))
        let home = CLIHome(bed: try TestBed.shared)
        let (status, output) = try home.runOnTerminalRaw(
            ["watch", "--interval", "1", "--server", server.url()], keys: ["q"], pause: 3)
        let text = String(decoding: output, as: UTF8.self)
        #expect(status == 0, "\(text)")
        #expect(text.contains("N" + "A^[]0;pwned^GB"), "\(text)")
        #expect(text.contains("\u{1B}[?1049h"))  // Remission's own sequences are there
        #expect(Hostile.leaks(output, terminal: true).isEmpty, "\(Hostile.leaks(output, terminal: true))")
    }
}

/// A certificate whose subject and subjectAltNames carry ESC/OSC/CSI and bidi controls, served by
/// `HostileServer` over TLS: `trust show`, `check` (host mismatch, refusal lines) and `connect` up to
/// its "Trust this certificate?" prompt show them escaped.
@Suite("Hostile certificate text (process, hostile TLS server, openssl)")
struct HostileCertificateTests {
    /// A self-signed EC certificate for hosts that are not 127.0.0.1, with control bytes in its
    /// subject and SANs (openssl takes them through bash's $'…').
    static func certificate(in directory: TemporaryDirectory) throws -> (cert: String, key: String) {
        let cert = directory.file("hostile.pem")
        let key = directory.file("hostile.key")
        let script = """
            openssl req -utf8 -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
              -keyout "$1" -out "$2" \
              -subj $'/CN=evil\\x1b]0;pwned\\x07.example/O=Org\\xc2\\x9bX\\xe2\\x80\\xaeY' \
              -addext $'subjectAltName=DNS:a\\x1b]0;pwned\\x07.example,DNS:b\\xe2\\x80\\xaeRLO\\xc2\\x9b6n.example,DNS:c\\x1b[31;1mEVIL.example'
            """
        let result = try ProcessRunner.run("bash", args: ["-c", script, "bash", key, cert], timeout: .seconds(30))
        guard result.status == 0 else { throw HostileServerError.notStarted }
        return (cert, key)
    }

    static func server() throws -> (HostileServer, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let tls = try certificate(in: directory)
        return (try HostileServer(scenario: [:], tls: tls), directory)
    }

    @Test("the certificate really carries the raw bytes (else this suite proves nothing)")
    func fixture() throws {
        let directory = TemporaryDirectory()
        let tls = try Self.certificate(in: directory)
        let text = try ProcessRunner.run(
            "openssl", args: ["x509", "-in", tls.cert, "-noout", "-ext", "subjectAltName"])
        #expect(text.stdout.contains(0x1B))
    }

    @Test("trust show and check show the names escaped, in text and --json (exact)")
    func showAndCheck() throws {
        let (server, directory) = try Self.server()
        _ = directory
        let home = CLIHome(bed: try TestBed.shared)
        let url = server.url(scheme: "https")
        for command in [
            ["trust", "show", url], ["check", url], ["list", "--server", url], ["trust", "show", url, "--json"],
        ] {
            let result = try home.runRaw(command)
            #expect(result.status == 5, "\(command): \(result.text)")
            #expect(result.leaks.isEmpty, "\(command): \(result.leaks)")
        }
        let show = try home.runRaw(["trust", "show", url])
        #expect(show.text.contains("DNS:a^[]0;pwned^G.example"), "\(show.text)")
        #expect(show.text.contains("DNS:b<U+202E>RLO<U+009B>6n.example"), "\(show.text)")
        let check = try home.runRaw(["check", url])
        #expect(
            check.text.contains(
                "Host name mismatch: the certificate does not cover '127.0.0.1'; it covers DNS:a^[]0;pwned^G"))
        #expect(server.requestCount == 0)  // refused in the handshake: nothing was sent
        let json = try home.runRaw(["trust", "show", url, "--json"])
        #expect(String(decoding: json.out, as: UTF8.self).contains(#"DNS:a\u001b]0;pwned\u0007.example"#))
    }

    @Test("connect's trust prompt on a terminal shows the certificate escaped; answering no saves nothing")
    func connectPrompt() throws {
        let (server, directory) = try Self.server()
        _ = directory
        let home = CLIHome(bed: try TestBed.shared)
        let (status, output) = try home.runOnTerminalRaw(
            ["connect", server.url(scheme: "https"), "--name", "evil"], keys: ["no\n"])
        let text = String(decoding: output, as: UTF8.self)
        #expect(status == 5, "\(text)")
        #expect(text.contains("Trust this certificate? (yes/no/[fingerprint])"), "\(text)")
        #expect(text.contains("DNS:a^[]0;pwned^G.example"), "\(text)")
        #expect(Hostile.leaks(output, terminal: true).isEmpty, "\(Hostile.leaks(output, terminal: true))")
        #expect(!FileManager.default.fileExists(atPath: home.configDirectory + "/servers.json"))
    }
}
