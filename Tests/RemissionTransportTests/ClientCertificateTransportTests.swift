import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// Client certificates below the command line: loading every kind of file the test PKI makes, and
/// the handshake against a real `openssl s_server -Verify` that refuses with a TLS alert (what
/// Apache or Caddy do, where nginx answers 400).
@Suite("client certificates: loading and TLS alerts (real openssl s_server)")
struct ClientCertificateTransportTests {
    let bed: TestBed
    let now = Int64(Date().timeIntervalSince1970)

    init() throws { bed = try TestBed.shared }

    func file(_ name: String) -> String { "\(bed.certsDirectory)/\(name)" }
    var passphrase: String {
        get throws {
            try String(contentsOfFile: file("client.passphrase"), encoding: .utf8).trimmingCharacters(in: .newlines)
        }
    }

    func load(_ certificate: String, _ key: String?, _ passphrase: String? = nil) throws(ClientCertificateError)
        -> ClientIdentity
    {
        try ClientIdentity.load(
            certificate: file(certificate), key: key.map(file), passphrase: passphrase, now: now)
    }

    @Test("PEM with a plain key, an encrypted key and its passphrase, PKCS#12 and its passphrase: the same certificate")
    func loadsEveryForm() throws {
        let plain = try load("client.crt", "client.key")
        let encrypted = try load("client.crt", "client-encrypted.key", try passphrase)
        let archive = try load("client.p12", nil, try passphrase)
        #expect(plain.facts.subject.contains("CN=Remission test client"))
        #expect(plain.facts.issuer.contains("CN=Remission Test Client CA"))
        #expect(encrypted.facts == plain.facts)
        #expect(archive.facts == plain.facts)
    }

    @Test("each unusable file has its own error")
    func unusableFiles() throws {
        let cases: [(() throws(ClientCertificateError) -> ClientIdentity, ClientCertificateError)] = [
            ({ () throws(ClientCertificateError) in try load("nope.crt", nil) }, .missing(path: file("nope.crt"))),
            (
                { () throws(ClientCertificateError) in try load("client.key", nil) },
                .notACertificate(path: file("client.key"))
            ),
            ({ () throws(ClientCertificateError) in try load("client.crt", nil) }, .noKey(path: file("client.crt"))),
            (
                { () throws(ClientCertificateError) in try load("client.crt", "client-encrypted.key") },
                .passphraseNeeded(path: file("client-encrypted.key"))
            ),
            (
                { () throws(ClientCertificateError) in try load("client.crt", "client-encrypted.key", "wrong") },
                .wrongPassphrase(path: file("client-encrypted.key"))
            ),
            (
                { () throws(ClientCertificateError) in try load("client.p12", nil) },
                .passphraseNeeded(path: file("client.p12"))
            ),
            (
                { () throws(ClientCertificateError) in try load("client.p12", nil, "wrong") },
                .wrongPassphrase(path: file("client.p12"))
            ),
            (
                { () throws(ClientCertificateError) in try load("client.crt", "client-other.key") },
                .keyMismatch(certificate: file("client.crt"), key: file("client-other.key"))
            ),
        ]
        for (attempt, expected) in cases {
            #expect(throws: expected) { try attempt() }
        }
        let expired = try ClientIdentity.certificateFacts(path: file("client-expired.crt"))
        #expect(
            throws: ClientCertificateError.expired(path: file("client-expired.crt"), notAfter: expired?.notAfter ?? 0)
        ) {
            try load("client-expired.crt", "client-expired.key")
        }
    }

    @Test("s_server refusing with a TLS alert: refused (offered) or required (none), with the alert")
    func alerts() throws {
        let server = try OpenSSLServer.start(bed) { port in
            [
                "s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", bed.certificateFile(.caSigned),
                "-key", bed.keyFile(.caSigned), "-Verify", "1", "-verify_return_error", "-CAfile",
                file("client-ca.crt"), "-www",
            ]
        }
        defer { server.stop() }
        let endpoint = try ServerEndpoint.parse("https://127.0.0.1:\(server.port)/transmission/rpc")
        let trust = ServerTrust(pins: [try SPKIPin(parsing: bed.pin(.caSigned))])

        func outcome(_ identity: ClientIdentity?, _ engine: Engine) throws -> TransportError? {
            let transport = try engine.transport(
                endpoint: endpoint, options: TransportOptions(timeoutSeconds: 5), clientIdentity: identity,
                policy: TrustPolicy(trust: trust))
            do {
                _ = try transport.send(HTTPRequest(method: "GET"), credentials: nil)
                return nil
            } catch { return error.error }
        }
        for engine in Engine.allCases {
            let refused = try outcome(try load("client-other.crt", "client-other.key"), engine)
            #expect(
                refused == .clientCertificateRefused(offered: true, alert: "unknown CA"),
                "\(engine): \(String(describing: refused))")
            let required = try outcome(nil, engine)
            guard case .clientCertificateRefused(offered: false, _)? = required else {
                Issue.record("\(engine): \(String(describing: required))")
                continue
            }
        }
    }
}
