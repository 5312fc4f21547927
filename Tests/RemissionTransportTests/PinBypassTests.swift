import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// An impostor that appends the real (pinned) CA certificate to its own self-signed leaf must not
/// match the CA pin: the CA did not sign that leaf. A real `openssl s_server` plays the impostor.
@Suite("pins match only certificates linked to the leaf (real openssl s_server impostor)")
struct PinBypassTests {
    @Test("a self-signed leaf followed by the pinned CA certificate is refused; nothing is sent")
    func appendedCACertificateIsRefused() throws {
        let bed = try TestBed.shared
        let directory = TemporaryDirectory()
        let key = directory.file("evil.key")
        let certificate = directory.file("evil.crt")
        let made = try bed.run(
            "openssl",
            args: [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out",
                certificate, "-days", "2", "-subj", "/CN=localhost", "-addext",
                "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ])
        #expect(made.status == 0, "\(made.stderrText)")
        let server = try OpenSSLServer.start(bed) { port in
            [
                "s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key,
                "-cert_chain", bed.certificateFile(.ca), "-www",
            ]
        }
        defer { server.stop() }
        let port = server.port

        let caPin = try SPKIPin(parsing: bed.pin(.ca))
        let trust = ServerTrust(pins: [caPin])
        let endpoint = try ServerEndpoint.parse("https://127.0.0.1:\(port)/transmission/rpc")
        for engine in Engine.allCases {
            let transport = try engine.transport(
                endpoint: endpoint,
                options: TransportOptions(timeoutSeconds: 5, environment: ["SSL_CERT_DIR": "/nonexistent"]),
                policy: TrustPolicy(trust: trust))
            let client = RPCClient(
                transport: transport, credentials: BasicCredentials(user: "u", password: "secret"), retryPolicy: .none,
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            #expect {
                _ = try client.serverInfo()
            } throws: { error in
                guard case .transport(.trustRefused(let decision, let chain)) = error as? RPCError else { return false }
                // The server did send the CA certificate; it just does not count.
                return !decision.isTrusted && chain.certificates.map(\.spkiPin).contains(caPin)
                    && chain.anchorVerifications.count == 1 && !chain.anchorVerifications[0].verified
            }
        }
    }
}
