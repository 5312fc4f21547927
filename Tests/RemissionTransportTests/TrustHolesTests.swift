import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// Holes found by attacking the trust code, each closed and held here end to end: the host-name rule
/// for certificates without a DNS name, and PKCS#12 files that carry their CA certificates.
@Suite("trust holes, closed (real openssl s_server, both engines)")
struct TrustHolesTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// A leaf for `subject` with `san` (nil: no subjectAltName at all), issued by the test bed's CA.
    func leaf(_ directory: TemporaryDirectory, subject: String, san: String?) throws -> (cert: String, key: String) {
        let key = directory.file("leaf.key")
        let request = directory.file("leaf.csr")
        let certificate = directory.file("leaf.crt")
        let extensions = directory.file("leaf.ext")
        var lines = [
            "basicConstraints = critical, CA:FALSE", "keyUsage = critical, digitalSignature",
            "extendedKeyUsage = serverAuth", "subjectKeyIdentifier = hash", "authorityKeyIdentifier = keyid:always",
        ]
        if let san { lines.append("subjectAltName = \(san)") }
        try lines.joined(separator: "\n").write(toFile: extensions, atomically: true, encoding: .utf8)
        for arguments in [
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", request, "-subj", subject,
            ],
            [
                "x509", "-req", "-in", request, "-CA", bed.certificateFile(.ca), "-CAkey", bed.keyFile(.ca),
                "-CAcreateserial", "-days", "2", "-sha256", "-extfile", extensions, "-out", certificate,
            ],
        ] {
            let made = try bed.run("openssl", args: arguments)
            try #require(made.status == 0, "\(made.stderrText)")
        }
        return (certificate, key)
    }

    func serverInfo(_ engine: Engine, url: String, trust: ServerTrust) throws -> Result<ServerInfo, RPCError> {
        let transport = try engine.transport(
            endpoint: try ServerEndpoint.parse(url), caFile: trust.caFile,
            options: TransportOptions(timeoutSeconds: 5, environment: ["SSL_CERT_DIR": "/nonexistent"]),
            policy: TrustPolicy(trust: trust))
        let client = RPCClient(
            transport: transport, credentials: BasicCredentials(user: "u", password: "secret"), retryPolicy: .none,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        return Result { () throws(RPCError) in try client.serverInfo() }
    }

    @Test(
        "a CN names the host only when the certificate has no DNS and no IP name (curl's rule)",
        arguments: Engine.allCases)
    func commonNameRule(engine: Engine) throws {
        let directory = TemporaryDirectory()
        // CN=localhost with an IP name only: OpenSSL's own check would fall back to the CN.
        let withIP = try leaf(directory, subject: "/CN=localhost", san: "IP:127.0.0.2")
        let server = try OpenSSLServer.start(bed) { port in
            ["s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", withIP.cert, "-key", withIP.key, "-www"]
        }
        defer { server.stop() }
        let trust = ServerTrust(caFile: bed.certificateFile(.ca))
        let refused = try serverInfo(engine, url: "https://localhost:\(server.port)/", trust: trust)
        guard case .failure(.transport(.trustRefused(let decision, _))) = refused,
            case .refused(let problems) = decision
        else {
            Issue.record("expected a refusal, got \(refused)")
            return
        }
        #expect(problems.contains { if case .verification(.hostMismatch) = $0 { true } else { false } })
    }

    @Test(
        "a CN-only certificate (no subjectAltName) still names its host, as curl reads it", arguments: Engine.allCases)
    func commonNameOnly(engine: Engine) throws {
        let directory = TemporaryDirectory()
        let cnOnly = try leaf(directory, subject: "/CN=localhost", san: nil)
        let server = try OpenSSLServer.start(bed) { port in
            ["s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", cnOnly.cert, "-key", cnOnly.key, "-www"]
        }
        defer { server.stop() }
        let result = try serverInfo(
            engine, url: "https://localhost:\(server.port)/", trust: ServerTrust(caFile: bed.certificateFile(.ca)))
        // Trusted: the request went out, and s_server's HTML page is no RPC answer.
        if case .failure(.transport(.trustRefused(let decision, _))) = result {
            Issue.record("refused: \(decision)")
        }
    }

    @Test(
        "PKCS#12 with its CA certificates, with none, with a friendly name, with a passphrase: each loads",
        arguments: [
            ["-certfile", "client-ca.crt"], [], ["-name", "Ann's laptop", "-certfile", "client-ca.crt"],
            ["-certfile", "client-ca.crt", "-passout", "pass:secret"],
        ])
    func pkcs12Forms(extra: [String]) throws {
        let directory = TemporaryDirectory()
        let archive = directory.file("bundle.p12")
        let certs = bed.certsDirectory
        let passphrase = extra.contains("pass:secret") ? "secret" : nil
        let arguments =
            ["pkcs12", "-export", "-inkey", "\(certs)/client.key", "-in", "\(certs)/client.crt", "-out", archive]
            + extra.map { $0 == "client-ca.crt" ? "\(certs)/client-ca.crt" : $0 }
            + (passphrase == nil ? ["-passout", "pass:"] : [])
        let made = try bed.run("openssl", args: arguments)
        try #require(made.status == 0, "\(made.stderrText)")
        // Before the fix, the CA certificates crashed the process here (a nil free function).
        let identity = try ClientIdentity.load(
            certificate: archive, key: nil, passphrase: passphrase, now: Int64(Date().timeIntervalSince1970))
        #expect(identity.facts.subject.contains("Remission test client"))
    }
}
