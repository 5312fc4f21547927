import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTransport
import RemissionTrust
import Testing

@testable import RemissionViews

/// check's expiry lines, verdict, exit code and JSON (pure): the chain and the client certificate.
@Suite("check report: expiry ahead of time (pure)")
struct CheckReportExpiryTests {
    static let now = CheckReportTests.now
    static let day: Int64 = 86_400

    static func certificate(
        _ subject: String, lifetime: Int64, left: Int64, selfIssued: Bool = false
    ) -> CertificateFacts {
        var facts = CheckReportTests.leaf(notAfter: now + left)
        facts.subject = subject
        facts.notBefore = now + left - lifetime
        facts.isSelfIssued = selfIssued
        return facts
    }

    static func report(
        _ certificates: [CertificateFacts], client: CertificateFacts? = nil, warnDays: Int? = nil,
        outcome: Result<ServerInfo, Failure> = .success(CheckReportTests.info)
    ) -> CheckReport {
        let chain = PresentedChain(certificates: certificates, problems: [])
        var observation = CheckObservation(
            server: "nas", endpoint: CheckReportTests.https,
            connection: ConnectionReport(
                timings: StepTimings(dns: 1, tcp: 2, tls: 3, firstByte: 4, total: 5), remoteAddress: "192.0.2.7",
                tls: TLSReport(
                    protocolVersion: "TLSv1.3", cipher: "TLS_AES_128_GCM_SHA256", chain: chain,
                    decision: .trusted(.certificateAuthorityFile(path: "/ca.pem"), notes: []))),
            user: "admin", passwordSource: .keyring, httpAcknowledged: false, sawSessionHandshake: true,
            outcome: outcome, now: now)
        observation.clientCertificate = client
        return CheckReport.build(observation, expiry: ExpiryRule(warnDays: warnDays))
    }

    static let caddy = [
        certificate("", lifetime: 12 * 3600, left: 2 * 3600 + 60),
        certificate("CN=Caddy Local Authority - ECC Intermediate", lifetime: 7 * day, left: 5 * day),
    ]

    @Test("nothing close: tls ok, ONLINE, exit 0, no warning line")
    func nothingClose() {
        let report = Self.report([Self.certificate("CN=nas", lifetime: 90 * Self.day, left: 40 * Self.day)])
        #expect(report.steps[2].state == .ok)
        #expect(!report.steps[2].details.contains { $0.hasPrefix("warning:") })
        #expect(report.exitStatus == .ok)
        #expect(report.verdictLine(Terminal(useColor: false)) == "ONLINE")
        #expect(!report.expiring)
    }

    @Test("a 90-day leaf with 10 days left warns, and still exits 0 without --warn-expiry")
    func warnsWithoutFlag() {
        let report = Self.report([Self.certificate("CN=nas", lifetime: 90 * Self.day, left: 10 * Self.day)])
        #expect(report.steps[2].state == .warning)
        #expect(
            report.steps[2].details.contains(
                "warning: the certificate 'CN=nas' expires 2026-11-28 (in 10 days), less than 14 days ahead: "
                    + "is its renewal running?"))
        #expect(report.exitStatus == .ok)
        #expect(
            report.verdictLine(Terminal(useColor: false)) == "ONLINE — a certificate expires 2026-11-28 (in 10 days)")
    }

    @Test("a 12-hour leaf warns only when its renewal is overdue; the intermediate by its own lifetime")
    func caddy() {
        let report = Self.report(Self.caddy)
        #expect(report.certificates.map(\.expiring) == [true, false])
        #expect(report.certificates.map(\.role) == [.leaf, .intermediate])
        #expect(
            report.steps[2].details.contains(
                "warning: the certificate 'DNS:nas.example' expires 2026-11-18 (in 2 hours): its renewal is overdue (less than "
                    + "a quarter of its 12 hours is left)."))
        let due = Self.report([Self.certificate("", lifetime: 12 * 3600, left: 4 * 3600 - 600)] + Self.caddy.suffix(1))
        #expect(!due.expiring, "renewal due, not yet overdue")
        #expect(due.steps[2].state == .ok)
    }

    @Test("Caddy's intermediate: quiet with 25 hours left (as served after its renewal), warns under a tenth")
    func caddyIntermediate() {
        let leaf = Self.certificate("", lifetime: 12 * 3600, left: 11 * 3600)
        let served = Self.report(
            [
                leaf,
                Self.certificate(
                    "CN=Caddy Local Authority - ECC Intermediate", lifetime: 7 * Self.day, left: 25 * 3600),
            ], warnDays: 21)
        #expect(served.certificates.map(\.expiring) == [false, false])
        #expect(served.exitStatus == .ok)
        let overdue = Self.report(
            [
                leaf,
                Self.certificate(
                    "CN=Caddy Local Authority - ECC Intermediate", lifetime: 7 * Self.day, left: 16 * 3600),
            ], warnDays: 21)
        #expect(overdue.certificates.map(\.expiring) == [false, true])
        #expect(overdue.exitStatus == .certificateExpiring)
        #expect(
            overdue.steps[2].details.contains(
                "warning: the intermediate certificate 'CN=Caddy Local Authority - ECC Intermediate' expires "
                    + "2026-11-19 (in 16 hours): its renewal is overdue (less than a tenth of its 7 days is left)."),
            "\(overdue.steps[2].details)")
        Language.$override.withValue(.russian) {
            let russian = Self.report([
                leaf,
                Self.certificate(
                    "CN=Caddy Local Authority - ECC Intermediate", lifetime: 7 * Self.day, left: 16 * 3600),
            ])
            let line = russian.steps[2].details.first { $0.hasPrefix("внимание:") } ?? ""
            #expect(line.contains("десятой"), "\(russian.steps[2].details)")
        }
    }

    @Test("--warn-expiry DAYS: DAYS for every certificate, exit 9 only when otherwise ONLINE")
    func warnExpiry() {
        let chain = [
            Self.certificate("CN=nas", lifetime: 90 * Self.day, left: 40 * Self.day),
            Self.certificate("CN=Intermediate", lifetime: 365 * Self.day, left: 20 * Self.day),
            Self.certificate("CN=Root", lifetime: 3650 * Self.day, left: 3000 * Self.day, selfIssued: true),
        ]
        let within = Self.report(chain, warnDays: 30)
        #expect(within.exitStatus == .certificateExpiring)
        #expect(within.exitStatus.rawValue == 9)
        #expect(within.certificates.map(\.role) == [.leaf, .intermediate, .root])
        #expect(within.certificates.map(\.expiring) == [false, true, false])
        #expect(within.steps[2].details.contains { $0.contains("within the 30 days of --warn-expiry") })
        #expect(Self.report(chain, warnDays: 14).exitStatus == .ok)
        #expect(Self.report(chain).exitStatus == .ok)
        let offline = Self.report(
            chain, warnDays: 30, outcome: .failure(Failure(.unauthorized(user: "admin", passwordSource: .keyring))))
        #expect(offline.exitStatus == .authentication)
    }

    @Test("the client certificate counts too")
    func clientCertificate() {
        let chain = [Self.certificate("CN=nas", lifetime: 90 * Self.day, left: 60 * Self.day)]
        let client = Self.certificate("CN=ann", lifetime: 365 * Self.day, left: 5 * Self.day)
        let report = Self.report(chain, client: client, warnDays: 7)
        #expect(report.certificates.last?.role == .client)
        #expect(report.exitStatus == .certificateExpiring)
        #expect(report.steps[2].details.contains { $0.hasPrefix("warning: the client certificate 'CN=ann' expires") })
    }

    @Test("--json: every certificate's notAfter in ISO 8601 UTC, the verdict and the days")
    func json() throws {
        let report = Self.report(Self.caddy, warnDays: 1)
        let object = try #require(report.jsonValue().object)
        #expect(object["expiring"] == .bool(true))
        #expect(object["warnExpiryDays"] == .int(1))
        #expect(object["exitCode"] == .int(9))
        let certificates = try #require(object["certificates"]?.array)
        #expect(certificates.count == 2)
        let leaf = try #require(certificates[0].object)
        #expect(leaf["role"] == .string("leaf"))
        #expect(leaf["notAfter"] == .string(CertificateExpiry.iso8601(Self.now + 2 * 3600 + 60)))
        #expect(leaf["expiring"] == .bool(true))
        #expect(CertificateExpiry.iso8601(1_795_000_000) == "2026-11-18T11:06:40Z")
        #expect(Self.report([], warnDays: nil).jsonValue().object?["warnExpiryDays"] == .null)
    }

    @Test("the worst of several: any failure outranks 9, which outranks 0")
    func worst() {
        #expect(ExitStatus.worst([.ok, .certificateExpiring, .ok]) == .certificateExpiring)
        #expect(ExitStatus.worst([.certificateExpiring, .offline]) == .offline)
        #expect(ExitStatus.worst([.failure, .certificateExpiring]) == .failure)
        #expect(ExitStatus.worst([.trustRefused, .offline, .certificateExpiring]) == .trustRefused)
        #expect(ExitStatus.worst([]) == .ok)
    }
}
