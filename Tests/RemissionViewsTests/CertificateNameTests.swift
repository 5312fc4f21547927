import RemissionModel
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionSession
@testable import RemissionViews

/// A certificate without a subject (every Caddy leaf) is named by the names it covers, or "no
/// subject": never a blank, a stray comma or empty parentheses, in either language.
@Suite("Views: naming a certificate without a subject")
struct CertificateNameTests {
    static let caddy = certificate(
        "", id: 0x61, issuer: "CN=Caddy Local Authority - ECC Intermediate",
        names: [.dns("nas.example"), .ip("192.168.1.2")])
    static let bare = certificate("", id: 0x62, issuer: "CN=Home CA")
    static let many = certificate("", id: 0x63, names: (1...5).map { .dns("host\($0).lan") })
    static let subject = TrustSubject(
        label: "nas", endpoint: try! ServerEndpoint.parse("https://nas:8443/transmission/rpc"), profile: nil)

    func russian<T>(_ body: () throws -> T) rethrows -> T {
        try Language.$override.withValue(.russian, operation: body)
    }

    /// No line starts with a comma, and none holds an empty pair of brackets or quotes or a lone comma.
    func expectNoHoles(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            #expect(!trimmed.hasPrefix(","), "\(line)", sourceLocation: sourceLocation)
            for hole in ["()", "(,", ": ,", "''", "«»", " , "] {
                #expect(!line.contains(hole), "\(line)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the one rule: subject, else the first three names and how many more, else no subject")
    func rule() {
        #expect(CertificateName.of(leaf) == "CN=nas.lan")
        #expect(CertificateName.of(Self.caddy) == "DNS:nas.example, IP:192.168.1.2")
        #expect(CertificateName.of(Self.bare) == "no subject")
        #expect(CertificateName.of(Self.many) == "DNS:host1.lan, DNS:host2.lan, DNS:host3.lan and 2 more names")
        #expect(CertificateName.of(acceptedCertificate(Self.caddy)) == "no subject")
        #expect(CertificateName.of(subject: "\u{1B}[2J", names: []) == "^[[2J")
        russian {
            #expect(CertificateName.of(Self.bare) == "без субъекта")
            #expect(CertificateName.of(Self.many) == "DNS:host1.lan, DNS:host2.lan, DNS:host3.lan и ещё 2 имени")
            #expect(
                CertificateName.of(certificate("", id: 1, names: (1...8).map { .dns("h\($0)") })).hasSuffix(
                    "и ещё 5 имён"))
        }
    }

    @Test("check's expiry line, trust show's Subject row, the client certificate line")
    func checkAndShow() {
        let expiry = CheckText.expiryLine(Self.caddy, now: newYear2026)
        #expect(expiry.hasPrefix("Certificate: DNS:nas.example, IP:192.168.1.2, expires "))
        let rows = ChainText.certificateLines(Self.caddy, now: newYear2026)
        #expect(rows.first == "Subject:     none")
        #expect(
            ClientCertificateText.lines(Self.bare, now: newYear2026)[0].hasPrefix("Client certificate: no subject, "))
        expectNoHoles([expiry] + rows)
        russian {
            let expiry = CheckText.expiryLine(Self.bare, now: newYear2026)
            #expect(expiry.hasPrefix("Сертификат: без субъекта, истекает "))
            let rows = ChainText.certificateLines(Self.caddy, now: newYear2026)
            #expect(rows.first?.hasPrefix("Субъект:") == true && rows.first?.hasSuffix(" нет") == true)
            expectNoHoles([expiry] + rows + ClientCertificateText.lines(Self.bare, now: newYear2026))
        }
    }

    @Test("trust list, trust accept and CERTIFICATE CHANGED name it")
    func trustCommands() {
        var stored = ServerTrust()
        stored.accepted = acceptedCertificate(Self.caddy)
        let list = TrustCommandText.storedLines(stored)
        #expect(list.contains { $0.hasPrefix("             no subject, valid ") })
        let accepted = acceptedCertificate(Self.caddy)
        let first = TrustCommandText.accepted(
            Acceptance(previous: nil, accepted: accepted, names: Self.caddy.subjectAltNames, pinsSet: false),
            subject: Self.subject)
        #expect(first.hasPrefix("Accepted \(Self.caddy.fingerprint) (DNS:nas.example, IP:192.168.1.2) for "))
        let replaced = TrustCommandText.accepted(
            Acceptance(previous: acceptedCertificate(Self.bare), accepted: accepted, pinsSet: false),
            subject: Self.subject)
        #expect(replaced.contains("(no subject, accepted "))
        let changed = TrustText(server: "nas", now: newYear2026).lines(
            for: .refused([
                .certificateChanged(accepted: acceptedCertificate(Self.bare), presented: Self.caddy, change: .unknown)
            ]),
            chain: chain([Self.caddy]))
        #expect(changed.contains { $0.contains(" no subject, valid ") })
        #expect(changed.contains { $0.contains(" DNS:nas.example, IP:192.168.1.2, valid ") })
        expectNoHoles(
            list + first.split(separator: "\n").map(String.init) + replaced.split(separator: "\n").map(String.init)
                + changed)
        russian {
            let list = TrustCommandText.storedLines(stored)
            #expect(list.contains { $0.contains(" без субъекта, действует с ") })
            let replaced = TrustCommandText.accepted(
                Acceptance(previous: acceptedCertificate(Self.bare), accepted: accepted, pinsSet: false),
                subject: Self.subject)
            #expect(replaced.contains("(без субъекта, принят "))
            #expect(replaced.contains("(без субъекта)"))
            let changed = TrustText(server: "nas", now: newYear2026).lines(
                for: .refused([
                    .certificateChanged(
                        accepted: acceptedCertificate(Self.bare), presented: Self.caddy, change: .unknown)
                ]),
                chain: chain([Self.caddy]))
            #expect(changed.contains { $0.contains(" без субъекта, действует ") })
            expectNoHoles(list + replaced.split(separator: "\n").map(String.init) + changed)
        }
    }

    @Test("a verification problem names the certificate of the chain that has no subject")
    func problems() {
        let expired = VerificationProblem.expired(subject: "", notAfter: newYear2026 - day)
        let text = TrustText(server: "nas", now: newYear2026)
        #expect(
            text.line(for: expired, chain: chain([Self.caddy])).hasPrefix(
                "The certificate 'DNS:nas.example, IP:192.168.1.2' expired on "))
        #expect(text.line(for: expired).hasPrefix("The certificate 'no subject' expired on "))
        russian {
            #expect(
                text.line(for: .revoked(subject: ""), chain: chain([leaf, Self.caddy]))
                    == "Сертификат «DNS:nas.example, IP:192.168.1.2» отозван издателем.")
        }
    }
}
