import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTransport
import RemissionTrust
import Testing

@testable import RemissionViews

@Suite("check report (pure)")
struct CheckReportTests {
    static let now: Int64 = 1_795_000_000
    static let https = try! ServerEndpoint.parse("https://nas.example:8443/transmission/rpc")
    static let info = ServerInfo(
        version: "3.00 (bb6b5a062e)", rpcVersion: 16, rpcVersionMinimum: 1, rpcVersionSemver: nil, dialect: .classic)

    static func leaf(notAfter: Int64 = now + 30 * 86_400) -> CertificateFacts {
        CertificateFacts(
            subject: "CN=nas.example", issuer: "CN=nas.example", subjectAltNames: [.dns("nas.example")],
            notBefore: now - 86_400,
            notAfter: notAfter, keyType: "EC", keyBits: 256, signatureAlgorithm: "ecdsa-with-SHA256",
            fingerprint: CertificateFingerprint(bytes: Array(repeating: 0xAB, count: 32)),
            spkiPin: SPKIPin(base64: "q83vq83vq83vq83vq83vq83vq83vq83vq83vq83vq80="), isSelfIssued: true, der: [])
    }

    static func observe(
        _ outcome: Result<ServerInfo, Failure>, endpoint: ServerEndpoint = https, tls: TLSReport? = nil,
        source: PasswordSource = .keyring
    ) -> CheckReport {
        CheckReport.build(
            CheckObservation(
                server: "nas", endpoint: endpoint,
                connection: ConnectionReport(
                    timings: StepTimings(dns: 1, tcp: 2, tls: 3, firstByte: 4, total: 5), remoteAddress: "192.0.2.7",
                    tls: tls),
                user: "admin", passwordSource: source, httpAcknowledged: false, sawSessionHandshake: true,
                outcome: outcome, now: now))
    }

    @Test("online: every step ok, exit 0, version in the rpc step")
    func online() {
        let chain = PresentedChain(certificates: [Self.leaf()], problems: [])
        let report = Self.observe(
            .success(Self.info),
            tls: TLSReport(
                protocolVersion: "TLSv1.3", cipher: "TLS_AES_256_GCM_SHA384", chain: chain,
                decision: .trusted(.systemCertificateAuthorities, notes: [])))
        #expect(report.online)
        #expect(report.exitStatus == .ok)
        #expect(report.steps.map(\.state) == [.ok, .ok, .ok, .ok, .ok, .ok])
        #expect(report.steps[2].summary == "TLSv1.3, TLS_AES_256_GCM_SHA384")
        #expect(report.steps[2].details.contains { $0.contains("system certificate authorities") })
        #expect(report.steps[2].details.contains { $0.contains("in 30 days") })
        #expect(report.steps[4].summary == "admin, password from the keyring")
        #expect(report.steps[5].summary.contains("3.00 (bb6b5a062e)"))
    }

    @Test(
        "each failure stops at its step, the later steps are skipped, and the report carries its status and hint",
        arguments: FailureCatalogue.requestFailures)
    func failures(failure: Failure) throws {
        let step = try #require(failure.step)
        let report = Self.observe(.failure(failure))
        #expect(!report.online)
        #expect(report.failedStep == step)
        #expect(report.exitStatus == failure.status)
        // The proxy step is there only when a proxy is (or failed): find the step by name.
        let index = try #require(report.steps.firstIndex { $0.name == step })
        #expect(report.steps[index].state == .failed)
        #expect(report.steps[(index + 1)...].allSatisfy { $0.state == .skipped })
        #expect(report.steps[..<index].allSatisfy { $0.state != .failed && $0.state != .skipped || $0.name == .tls })
        #expect(report.reason == FailureText.reason(failure))
        #expect(report.hint == FailureText.hint(failure, endpoint: Self.https))
    }

    @Test("hints name the likely cause")
    func hints() {
        let loop = Self.observe(.failure(Failure(.sessionHandshakeLoop(.repeated), server: "nas")))
        #expect(loop.hint?.contains("X-Transmission-Session-Id") == true)
        let forbidden = Self.observe(.failure(Failure(.forbidden(detail: nil), server: "nas")))
        #expect(forbidden.hint?.contains("rpc-whitelist") == true)
        let misdirected = Self.observe(.failure(Failure(.misdirected(detail: nil), server: "nas")))
        #expect(misdirected.hint?.contains("rpc-host-whitelist") == true)
        let wrongPassword = Self.observe(
            .failure(Failure(.unauthorized(user: "admin", passwordSource: .environment), server: "nas")),
            source: .environment)
        #expect(wrongPassword.reason?.contains("password from TR_AUTH") == true)
        #expect(wrongPassword.hint?.contains("kept") == false)  // nothing is stored for TR_AUTH
        let wrongStored = Self.observe(
            .failure(Failure(.unauthorized(user: "admin", passwordSource: .keyring), server: "nas")), source: .keyring)
        #expect(wrongStored.hint?.contains("The stored password was kept") == true)
        #expect(wrongStored.hint?.contains("remission credentials set nas") == true)
    }

    @Test("certificate changed is named as such, with the command to accept")
    func certificateChanged() {
        let accepted = AcceptedCertificate(
            fingerprint: CertificateFingerprint(bytes: Array(repeating: 1, count: 32)), subject: "CN=nas", notBefore: 0,
            notAfter: Self.now + 1000, acceptedAt: 0)
        let decision = TrustDecision.refused([
            .certificateChanged(accepted: accepted, presented: Self.leaf(), change: .unknown)
        ])
        let chain = PresentedChain(certificates: [Self.leaf()], problems: [.selfSigned])
        let report = Self.observe(
            .failure(Failure(.transport(.trustRefused(decision, chain: chain)), server: "nas")),
            tls: TLSReport(chain: chain, decision: decision))
        #expect(report.reason == "CERTIFICATE CHANGED")
        #expect(report.hint?.contains("remission trust accept nas") == true)
        #expect(report.steps[2].details.joined(separator: "\n").contains(Self.leaf().fingerprint.description))
    }

    @Test("plain HTTP to a remote host is online but insecure")
    func plainHTTP() throws {
        let report = Self.observe(.success(Self.info), endpoint: try ServerEndpoint.parse("http://nas.example:9091"))
        #expect(report.online)
        #expect(report.insecure)
        #expect(report.steps[2].state == .warning)
        #expect(report.verdictLine(Terminal(useColor: false)) == "ONLINE (insecure: plain HTTP)")
    }

    @Test("JSON output is one object with stable keys")
    func json() throws {
        let report = Self.observe(.failure(Failure(.transport(.refused(detail: "")), server: "nas")))
        let value = try JSONValue.parse(Array(report.jsonText().utf8))
        #expect(value["status"]?.string == "offline")
        #expect(value["exitCode"]?.int == 3)
        #expect(value["failedStep"]?.string == "tcp")
        #expect(value["steps"]?.array?.count == 6)
        #expect(value["transmission"]?.isNull == true)
    }

    @Test("worst exit status wins for --all")
    func worst() {
        #expect(ExitStatus.worst([.ok, .offline, .authentication]) == .authentication)
        #expect(ExitStatus.worst([]) == .ok)
        #expect(ExitStatus.worst([.ok, .ok]) == .ok)
    }

    @Test("the tcp step says which addresses were tried before the one that answered, and only then")
    func passedOverAddresses() {
        var connection = ConnectionReport(timings: StepTimings(dns: 1, tcp: 260), remoteAddress: "127.0.0.1")
        let observation = { (connection: ConnectionReport) in
            CheckReport.build(
                CheckObservation(
                    server: "nas", endpoint: Self.https, connection: connection, user: "admin",
                    passwordSource: .keyring, httpAcknowledged: false, sawSessionHandshake: true,
                    outcome: .success(Self.info), now: Self.now))
        }
        #expect(observation(connection).steps[1].details.isEmpty)
        connection.passedOver = [
            PassedOverAddress(address: "2001:db8::1", outcome: .failed("Network is unreachable")),
            PassedOverAddress(address: "::1", outcome: .noAnswer(milliseconds: 250.4)),
        ]
        let report = observation(connection)
        #expect(report.steps[0].summary == "127.0.0.1")
        #expect(report.steps[1].summary == "connected to port 8443")
        #expect(
            report.steps[1].details == [
                "2001:db8::1 failed: Network is unreachable; ::1 did not answer in 250 ms; connected to 127.0.0.1"
            ])
    }
}
