import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// A CA-anchored path is checked the same way whether the CA is the CA file or a pinned key
/// (PRODUCT.md §2: "Every CA-anchored path (CA file or CA pin) is checked as strictly as the WebPKI
/// profile"): an RSA-1024 leaf issued by the bed's CA, served by a real `openssl s_server`.
@Suite("a weak leaf key under the CA: CA file and CA pin decide alike (real openssl s_server)")
struct WeakKeyModesTests {
    @Test("RSA-1024 leaf under the bed's CA", arguments: Engine.allCases)
    func weakLeaf(engine: Engine) throws {
        let bed = try TestBed.shared
        let directory = TemporaryDirectory()
        let key = directory.file("weak.key"), csr = directory.file("weak.csr"), crt = directory.file("weak.crt")
        let ext = directory.file("ext.cnf")
        writeRaw(
            "[ req ]\ndistinguished_name = dn\n[ dn ]\n[ leaf ]\nbasicConstraints = critical, CA:FALSE\n"
                + "keyUsage = critical, digitalSignature, keyEncipherment\nextendedKeyUsage = serverAuth\n"
                + "subjectAltName = IP:127.0.0.1\nauthorityKeyIdentifier = keyid:always\n", to: ext)
        for args in [
            ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", key],
            ["req", "-new", "-key", key, "-subj", "/CN=127.0.0.1", "-out", csr],
            [
                "x509", "-req", "-in", csr, "-CA", bed.certificateFile(.ca), "-CAkey", bed.certsDirectory + "/ca.key",
                "-set_serial", "4242", "-days", "30", "-sha256", "-extfile", ext, "-extensions", "leaf", "-out", crt,
            ],
        ] {
            let result = try bed.run("openssl", args: args, env: ["OPENSSL_CONF": ext])
            try #require(result.status == 0, "\(result.stderrText)")
        }
        let server = try OpenSSLServer.start(bed) { port in
            [
                "s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", crt, "-key", key, "-cert_chain",
                bed.certificateFile(.ca), "-cipher", "DEFAULT@SECLEVEL=0", "-www",
            ]
        }
        defer { server.stop() }
        var decisions: [String: TrustDecision] = [:]
        let caPin = try SPKIPin(parsing: bed.pin(.ca))
        for (name, trust) in [("CA file", ServerTrust(caFile: bed.caFile)), ("CA pin", ServerTrust(pins: [caPin]))] {
            let transport = try engine.transport(
                endpoint: try ServerEndpoint.parse("https://127.0.0.1:\(server.port)/transmission/rpc"),
                caFile: trust.caFile,
                options: TransportOptions(timeoutSeconds: 5, environment: ["SSL_CERT_DIR": "/nonexistent"]),
                policy: TrustPolicy(trust: trust))
            let client = RPCClient(
                transport: transport, credentials: BasicCredentials(user: "u", password: "p"), retryPolicy: .none,
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let reported = client.reporting { client throws(RPCError) in try client.serverInfo() }
            if case .failure(.transport(.trustRefused(let decision, _))) = reported.result {
                decisions[name] = decision
            }
            if decisions[name] == nil { decisions[name] = reported.report.connection?.tls?.decision }
        }
        #expect(decisions["CA file"]?.isTrusted == false, "\(decisions)")
        // The pinned-anchor verification carries the handshake's security level (auth_level) too.
        #expect(decisions["CA pin"]?.isTrusted == false, "\(decisions)")
    }
}
