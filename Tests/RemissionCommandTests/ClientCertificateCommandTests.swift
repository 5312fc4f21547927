import Foundation
import TestSupport
import Testing

/// Client certificates (mutual TLS, issue 17) through the real binary, against the bed's nginx
/// listeners with `ssl_verify_client on` (client-cert: a trusted server; client-cert-untrusted: a
/// self-signed one) and the real keyring (scripts/with-keyring).
@Suite("client certificates (process, real nginx with ssl_verify_client, keyring)")
struct ClientCertificateCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    var url: String { bed.url(for: .clientCert) }
    func file(_ name: String) -> String { "\(bed.certsDirectory)/\(name)" }
    var passphrase: String {
        get throws {
            try String(contentsOfFile: file("client.passphrase"), encoding: .utf8).trimmingCharacters(in: .newlines)
        }
    }

    /// connect with TR_AUTH and the bed's CA; `extra` adds the client-certificate flags.
    func connect(_ name: String, _ extra: [String], stdin: String? = nil, env: [String: String] = [:]) throws
        -> CLIHome.Result
    {
        try home.run(
            ["connect", url, "--name", name, "--ca-file", bed.caFile] + extra, stdin: stdin,
            env: ["TR_AUTH": bed.credentials].merging(env) { _, new in new })
    }

    @Test("PEM certificate and plain key: ONLINE, saved by path, nginx saw a verified client; check shows its expiry")
    func plainKey() throws {
        let result = try connect("mtls", ["--client-cert", file("client.crt"), "--client-key", file("client.key")])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("The server asked for a client certificate; it was sent."))
        #expect(result.out.contains("Client certificate: CN=Remission test client"))
        #expect(result.out.contains("(in 29 days)") || result.out.contains("(in 30 days)"))
        let servers = home.writtenFiles()["config/servers.json"] ?? ""
        #expect(servers.contains("\"clientCertificate\" : \"\(file("client.crt"))\""), "\(servers)")
        #expect(servers.contains("\"clientKey\" : \"\(file("client.key"))\""))
        #expect(!servers.contains("BEGIN"))
        let check = try home.run(["check", "mtls"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.split(separator: "\n").contains { $0.contains("tcp") }, "\(check.out)")
        let log = bed.accessLog(.clientCert) { entries in entries.contains { $0["client_verify"] == "SUCCESS" } }
        #expect(log.contains { $0["client_verify"] == "SUCCESS" && $0.status == 200 })
        let listed = try home.run(["servers"])
        #expect(listed.out.contains("Client certificate file: \(file("client.crt"))"), "\(listed.all)")
        #expect(listed.out.contains("issued by CN=Remission Test Client CA"))
    }

    @Test("credentials set checks the password with the server's client certificate; trust show names it")
    func credentialsSetAndTrustShow() throws {
        let connect = try home.run(
            [
                "connect", url, "--name", "kept", "--ca-file", bed.caFile, "--user", bed.user, "--no-save-password",
                "--password-stdin", "--client-cert", file("client.crt"), "--client-key", file("client.key"),
            ], stdin: bed.password)
        #expect(connect.status == 0, "\(connect.all)")
        let set = try home.run(["credentials", "set", "kept", "--password-stdin"], stdin: bed.password + "\n")
        #expect(set.status == 0, "\(set.all)")
        let shown = try home.run(["trust", "show", "kept"])
        #expect(shown.status == 0, "\(shown.all)")
        #expect(shown.out.contains("Client certificate file: \(file("client.crt"))"))
    }

    @Test("encrypted key: the passphrase from stdin goes to the keyring (its own schema), and check finds it there")
    func encryptedKeyInKeyring() throws {
        let secret = try passphrase
        let result = try connect(
            "enc",
            [
                "--client-cert", file("client.crt"), "--client-key", file("client-encrypted.key"),
                "--client-key-passphrase-stdin",
            ], stdin: secret)
        #expect(result.status == 0, "\(result.all)")
        #expect(!result.all.contains(secret))
        for (path, contents) in home.writtenFiles() { #expect(!contents.contains(secret), "passphrase in \(path)") }
        let stored = try bed.run(
            "secret-tool", args: ["lookup", "client-key", file("client-encrypted.key")], env: home.environment)
        #expect(stored.stdoutText == secret)
        // The RPC password's lookup never finds it.
        let rpc = try bed.run("secret-tool", args: ["lookup", "server", "127.0.0.1", "user", bed.user])
        #expect(rpc.stdoutText != secret)
        let check = try home.run(["check", "enc"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
    }

    @Test("PKCS#12 with its passphrase in the environment: ONLINE")
    func pkcs12() throws {
        let result = try connect(
            "p12", ["--client-cert", file("client.p12")], env: ["REMISSION_CLIENT_KEY_PASSPHRASE": try passphrase])
        #expect(result.status == 0, "\(result.all)")
    }

    @Test("no certificate: the server asks for one, exit 8 with a hint naming --client-cert")
    func noCertificate() throws {
        let result = try home.run(["check", url, "--ca-file", bed.caFile], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 8, "\(result.all)")
        #expect(result.out.contains("the server asks for a client certificate and none is configured"))
        // The hint carries the option that reached the server (issue 36): without it connect fails on trust.
        #expect(
            result.out.contains("remission connect \(url) --ca-file \(bed.caFile) --client-cert FILE"), "\(result.out)")
    }

    @Test("a certificate from another CA: refused by the server, exit 8, nothing saved")
    func otherCA() throws {
        let result = try connect(
            "other", ["--client-cert", file("client-other.crt"), "--client-key", file("client-other.key")])
        #expect(result.status == 8, "\(result.all)")
        #expect(result.out.contains("the server refused the client certificate"))
        #expect(home.writtenFiles()["config/servers.json"] == nil)
    }

    @Test("an expired certificate, a mismatched key, a missing file, a wrong or missing passphrase: own words, exit 8")
    func unusable() throws {
        // A copy of the .p12 under another path: the keyring may hold the original's passphrase
        // (another test stores it), and it is found by path.
        let copy = home.directory + "/copy.p12"
        try FileManager.default.copyItem(atPath: file("client.p12"), toPath: copy)
        let cases: [([String], [String: String], String)] = [
            (
                ["--client-cert", file("client-expired.crt"), "--client-key", file("client-expired.key")], [:],
                "expired on 2020-01-01"
            ),
            (
                ["--client-cert", file("client.crt"), "--client-key", file("client-other.key")], [:],
                "does not belong to the certificate"
            ),
            (["--client-cert", file("missing.crt")], [:], "does not exist"),
            (
                ["--client-cert", file("client.crt"), "--client-key", file("client-encrypted.key")],
                ["REMISSION_CLIENT_KEY_PASSPHRASE": "wrong"], "wrong passphrase for the client key"
            ),
            (["--client-cert", copy], [:], "is encrypted and no passphrase was given"),
        ]
        for (flags, env, words) in cases {
            let result = try connect("bad", flags, env: env)
            #expect(result.status == 8, "\(flags): \(result.all)")
            #expect(result.err.contains(words), "\(flags): \(result.all)")
            #expect(result.err.contains("hint: "), "\(flags)")
        }
        #expect(home.writtenFiles()["config/servers.json"] == nil)
    }

    @Test("a wrong passphrase typed at the prompt is asked again, three tries; then the right one works (pty)")
    func passphraseRetries() throws {
        // A copy of the encrypted key under a path of this test: the keyring holds nothing for it.
        let key = home.directory + "/typed.key"
        try FileManager.default.copyItem(atPath: file("client-encrypted.key"), toPath: key)
        let arguments = [
            "connect", url, "--name", "typed", "--ca-file", bed.caFile, "--client-cert", file("client.crt"),
            "--client-key", key,
        ]
        let fixed = try home.runOnTerminal(
            arguments, lines: ["wrong", "still wrong", try passphrase], env: ["TR_AUTH": bed.credentials])
        #expect(fixed.status == 0, "\(fixed.all)")
        #expect(fixed.out.flowing.contains("Wrong passphrase for \(key); try again (2 tries left)."), "\(fixed.all)")
        #expect(fixed.out.flowing.contains("Wrong passphrase for \(key); try again (last try)."), "\(fixed.all)")
        #expect(fixed.out.contains("ONLINE"), "\(fixed.all)")
        let other = home.directory + "/other.key"
        try FileManager.default.copyItem(atPath: file("client-encrypted.key"), toPath: other)
        let refused = try home.runOnTerminal(
            [
                "connect", url, "--name", "gave-up", "--ca-file", bed.caFile, "--client-cert", file("client.crt"),
                "--client-key", other,
            ], lines: ["a", "b", "c", "d"], env: ["TR_AUTH": bed.credentials])
        #expect(refused.status == 8, "\(refused.all)")
        #expect(refused.out.components(separatedBy: "Passphrase for the client key").count - 1 == 3, "\(refused.all)")
        #expect(refused.out.contains("wrong passphrase for the client key"), "\(refused.all)")
    }

    @Test("a server that is not trusted never receives the client certificate (nginx logs no verified client)")
    func untrustedServerNeverSeesIt() throws {
        let untrusted = bed.url(for: .clientCertUntrusted)
        let result = try home.run(
            [
                "connect", untrusted, "--name", "evil", "--client-cert", file("client.crt"), "--client-key",
                file("client.key"),
            ], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 5, "\(result.all)")
        usleep(200_000)
        #expect(!bed.accessLog(.clientCertUntrusted).contains { $0["client_verify"] == "SUCCESS" })
        #expect(bed.accessLog(.clientCertUntrusted).allSatisfy { $0.user == nil })
    }
}
