import Foundation
import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// Chains an attacker can build from what the test bed's CA issued to others, served by a real
/// `openssl s_server` (without `-www`: it writes every byte it receives to a file). With the CA pinned,
/// and separately with the CA as the server's CA file, each is refused inside the handshake, and the
/// server receives no request byte: no `POST`, no `Authorization`.
@Suite("attack chains under the bed's CA, end to end (real openssl s_server)")
struct AttackChainTests {
    enum Attack: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A leaf for 127.0.0.1 signed by a client certificate the CA issued (CA:FALSE, clientAuth).
        case signedByClientCertificate = "leaf signed by a client certificate"
        /// A leaf for 127.0.0.1 signed by another server's leaf the CA issued (CA:FALSE, serverAuth).
        case signedByServerLeaf = "leaf signed by another server's leaf"
        /// The bed's expired leaf (CA-signed, 2019-2020) for 127.0.0.1.
        case expiredLeaf = "expired leaf issued by the CA"
        var testDescription: String { rawValue }
    }

    enum Mode: String, CaseIterable, Sendable { case caPin = "CA pinned", caFile = "CA file" }

    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func openssl(_ args: [String], in directory: TemporaryDirectory) throws {
        let result = try bed.run("openssl", args: args, env: ["OPENSSL_CONF": directory.file("ext.cnf")])
        try #require(result.status == 0, "openssl \(args.joined(separator: " ")): \(result.stderrText)")
    }

    /// The server's certificate, key and the chain it sends after the leaf (the CA appended).
    func serverFiles(_ attack: Attack, in directory: TemporaryDirectory) throws -> (String, String, String) {
        let certs = bed.certsDirectory
        let chain = directory.file("chain.pem")
        if attack == .expiredLeaf {
            try FileManager.default.copyItem(atPath: bed.certificateFile(.ca), toPath: chain)
            return (certs + "/expired.crt", certs + "/expired.key", chain)
        }
        writeRaw(
            """
            [ req ]
            distinguished_name = dn
            [ dn ]
            [ client ]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = clientAuth
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid:always
            [ server ]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = DNS:other.example
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid:always
            [ leaf ]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = DNS:localhost, IP:127.0.0.1
            authorityKeyIdentifier = keyid:always

            """, to: directory.file("ext.cnf"))
        let issuer = directory.file("issuer"), leaf = directory.file("leaf")
        for key in [issuer, leaf] {
            try openssl(
                ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key + ".key"],
                in: directory)
        }
        let section = attack == .signedByClientCertificate ? "client" : "server"
        for (name, subject, signer, signerKey, extensions) in [
            (issuer, "/CN=someone else", certs + "/ca.crt", certs + "/ca.key", section),
            (leaf, "/CN=127.0.0.1", issuer + ".crt", issuer + ".key", "leaf"),
        ] {
            try openssl(["req", "-new", "-key", name + ".key", "-subj", subject, "-out", name + ".csr"], in: directory)
            try openssl(
                [
                    "x509", "-req", "-in", name + ".csr", "-CA", signer, "-CAkey", signerKey, "-set_serial",
                    String(Int.random(in: 1..<Int(Int32.max))), "-days", "30", "-sha256", "-extfile",
                    directory.file("ext.cnf"), "-extensions", extensions, "-out", name + ".crt",
                ], in: directory)
        }
        let bundle =
            try String(contentsOfFile: issuer + ".crt", encoding: .utf8)
            + String(contentsOfFile: bed.certificateFile(.ca), encoding: .utf8)
        try bundle.write(toFile: chain, atomically: true, encoding: .utf8)
        return (leaf + ".crt", leaf + ".key", chain)
    }

    func client(_ engine: Engine, port: Int, trust: ServerTrust, timeout: Double = 5) throws -> RPCClient {
        let endpoint = try ServerEndpoint.parse("https://127.0.0.1:\(port)/transmission/rpc")
        let transport = try engine.transport(
            endpoint: endpoint, caFile: trust.caFile,
            options: TransportOptions(timeoutSeconds: timeout, environment: ["SSL_CERT_DIR": "/nonexistent"]),
            policy: TrustPolicy(trust: trust))
        return RPCClient(
            transport: transport, credentials: BasicCredentials(user: "ann", password: "secret"), retryPolicy: .none,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test("refused in the handshake; the server receives no request byte", arguments: Attack.allCases)
    func refused(attack: Attack) throws {
        let directory = TemporaryDirectory()
        let (certificate, key, chain) = try serverFiles(attack, in: directory)
        let received = directory.file("received")
        let server = try OpenSSLServer.start(bed, output: received) { port in
            [
                "s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key,
                "-cert_chain", chain,
            ]
        }
        defer { server.stop() }
        let caPin = try SPKIPin(parsing: bed.pin(.ca))
        for mode in Mode.allCases {
            let trust = mode == .caPin ? ServerTrust(pins: [caPin]) : ServerTrust(caFile: bed.caFile)
            for engine in Engine.allCases {
                let client = try client(engine, port: server.port, trust: trust)
                #expect("\(mode), \(engine)") {
                    _ = try client.serverInfo()
                } throws: { error in
                    guard case .transport(.trustRefused(let decision, _)) = error as? RPCError else { return false }
                    return !decision.isTrusted
                }
            }
        }
        let bytes = readText(received) ?? ""
        #expect(!bytes.contains("POST") && !bytes.contains("Authorization"), "the server received: \(bytes)")
        #expect(bytes.isEmpty, "the server received: \(bytes)")
    }

    @Test("control: with the attacker's own leaf pinned, the request does reach the capture file")
    func captureWorks() throws {
        let directory = TemporaryDirectory()
        let (certificate, key, chain) = try serverFiles(.signedByServerLeaf, in: directory)
        let received = directory.file("received")
        let server = try OpenSSLServer.start(bed, output: received) { port in
            [
                "s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key,
                "-cert_chain", chain,
            ]
        }
        defer { server.stop() }
        let facts = try #require(
            ChainExaminer.examine(
                chain: try PEM.certificates(file: certificate), anchors: [], peerName: PeerName(host: "127.0.0.1"),
                pinnedKeys: [], time: nil))
        let leafPin = try #require(facts.leaf?.spkiPin)
        // s_server never answers HTTP: the call times out after the request went out.
        var outcome = "answered"
        do {
            _ = try client(.direct, port: server.port, trust: ServerTrust(pins: [leafPin]), timeout: 2).serverInfo()
        } catch {
            outcome = "\(error)"
        }
        let bytes = readText(received) ?? ""
        #expect(bytes.contains("POST") && bytes.contains("Authorization: Basic"), "\(outcome); received: \(bytes)")
    }

    @Test("a pinned intermediate with the real chained leaf is trusted (nginx)", arguments: Engine.allCases)
    func pinnedIntermediate(engine: Engine) throws {
        let endpoint = try ServerEndpoint.parse(bed.url(for: .chained))
        let transport = try engine.transport(
            endpoint: endpoint,
            options: TransportOptions(timeoutSeconds: 5, environment: ["SSL_CERT_DIR": "/nonexistent"]),
            policy: TrustPolicy(trust: ServerTrust(pins: [try SPKIPin(parsing: bed.pin(.intermediate))])))
        let client = RPCClient(
            transport: transport, credentials: BasicCredentials(user: bed.user, password: bed.password),
            retryPolicy: .none, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let reported = client.reporting { client throws(RPCError) in try client.serverInfo() }
        #expect(try reported.get().rpcVersion >= 14)
        let decision = reported.report.connection?.tls?.decision
        // One pin, and it is in the chain: no backup.
        #expect(
            decision == .trusted(.pinnedKey(try SPKIPin(parsing: bed.pin(.intermediate))), notes: [.missingBackupPin]))
    }
}
