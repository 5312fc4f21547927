import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

@Suite("Trust text")
struct TrustTextTests {
    let text = TrustText(server: "nas", now: newYear2026 + 12 * day + 3600)

    @Test(
        "bases",
        arguments: [
            (TrustBasis.pinnedKey(pin(0)), "pinned key sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="),
            (
                .acceptedCertificate(fingerprint(0xAB)),
                "accepted certificate SHA256:" + String(repeating: "AB", count: 32)
            ),
            (.systemCertificateAuthorities, "system certificate authorities"),
            (.certificateAuthorityFile(path: "/etc/home-ca.pem"), "CA file /etc/home-ca.pem"),
        ])
    func basis(basis: TrustBasis, expected: String) {
        #expect(text.basis(basis) == expected)
    }

    @Test(
        "each verification problem is one line with its key facts",
        arguments: [
            (VerificationProblem.selfSigned, ["self-signed"]),
            (.untrustedRoot, ["root certificate that is not trusted", "`remission trust ca nas FILE`"]),
            (
                .unknownIssuer(issuer: "CN=Home CA"),
                ["Unknown issuer or incomplete chain", "CN=Home CA", "intermediate", "`remission trust ca nas FILE`"]
            ),
            (
                .expired(subject: "CN=nas.lan", notAfter: newYear2026),
                ["CN=nas.lan", "expired on 2026-01-01", "12 days ago"]
            ),
            (
                .notYetValid(subject: "CN=nas.lan", notBefore: newYear2026 + 30 * day),
                ["CN=nas.lan", "not valid before 2026-01-31", "in 17 days", "clock"]
            ),
            (
                .hostMismatch(expected: "nas", covered: [.dns("nas.lan"), .ip("192.168.1.2")]),
                ["'nas'", "covers DNS:nas.lan, IP:192.168.1.2"]
            ),
            (.hostMismatch(expected: "nas", covered: []), ["'nas'", "no host names"]),
            (.weakKey(subject: "CN=old", keyType: "RSA", bits: 1024), ["CN=old", "weak key", "RSA, 1024 bits"]),
            (
                .weakSignature(subject: "CN=old", algorithm: "sha1WithRSAEncryption"),
                ["CN=old", "weak signature", "sha1WithRSAEncryption"]
            ),
            (.revoked(subject: "CN=gone"), ["CN=gone", "revoked"]),
            (.other(code: 42, message: "odd thing"), ["odd thing", "42"]),
        ])
    func verificationLine(problem: VerificationProblem, facts: [String]) {
        let line = text.line(for: problem)
        #expect(!line.contains("\n"))
        for fact in facts {
            #expect(line.contains(fact), "'\(fact)' missing from: \(line)")
        }
        #expect(text.lines(for: .verification(problem)) == [line])
    }

    @Test("a pin mismatch lists the presented and pinned pins, and no command that pins a presented key")
    func pinMismatch() {
        let lines = text.lines(for: .pinMismatch(presented: [pin(1), pin(2)], pinned: [pin(3)]))
        #expect(lines.count == 1)
        #expect(lines[0].contains("Presented: \(pin(1)), \(pin(2)); pinned: \(pin(3))"))
        #expect(lines[0].contains("Someone may be intercepting the connection"))
        #expect(!lines[0].contains("--spki"))
    }

    @Test("a missing backup pin says why it matters and how to add one")
    func missingBackup() {
        let lines = text.lines(for: .missingBackupPin)
        #expect(lines.count == 1)
        #expect(lines[0].contains("No backup pin"))
        #expect(lines[0].contains("remission trust pin nas --spki"))
    }

    @Test("CERTIFICATE CHANGED shows both certificates, and no command that accepts an unproven one")
    func certificateChanged() {
        let accepted = acceptedCertificate(leaf, at: newYear2026 + 2 * day)
        var presented = impostor
        presented.subject = "CN=other"
        presented.notBefore = newYear2026 + 5 * day
        presented.notAfter = newYear2026 + 95 * day
        let lines = text.lines(for: .certificateChanged(accepted: accepted, presented: presented, change: .unknown))
        let block = lines.joined(separator: "\n")
        #expect(lines[0].hasPrefix("CERTIFICATE CHANGED: nas presents a different certificate"))
        #expect(block.contains("accepted:  \(leaf.fingerprint)"))
        #expect(block.contains("   CN=nas.lan, valid 2026-01-01 to 2027-01-01, accepted 2026-01-03"))
        #expect(block.contains("presented: \(impostor.fingerprint)"))
        #expect(block.contains("   CN=other, valid 2026-01-06 to 2026-04-06"))
        #expect(block.contains("Nothing was changed"))
        #expect(lines[1].hasPrefix("Someone may be intercepting"))
        #expect(lines.last?.hasPrefix("Whether it comes from the same certificate authority cannot be told") == true)
        #expect(!block.contains("remission trust accept"))
    }

    @Test("a proven renewal says so first, without 'intercepting'")
    func provenRenewal() {
        let lines = text.lines(
            for: .certificateChanged(
                accepted: acceptedCertificate(leaf), presented: impostor,
                change: .renewedBySameIssuer(issuer: "CN=Home CA")))
        #expect(lines[1].hasPrefix("It is a renewal by the same certificate authority (CN=Home CA)"))
        #expect(!lines.joined().contains("intercepting"))
    }

    @Test("a trusted decision names its basis and lists its notes")
    func trustedDecision() {
        let decision = TrustDecision.trusted(
            .pinnedKey(leaf.spkiPin), notes: [.verification(.selfSigned), .missingBackupPin])
        let lines = text.lines(for: decision, chain: chain([leaf]))
        #expect(lines.count == 3)
        #expect(lines[0] == "Trusted: pinned key \(leaf.spkiPin)")
        #expect(lines[1] == "  note: " + text.line(for: .selfSigned))
        #expect(lines[2].hasPrefix("  note: No backup pin"))
    }

    @Test("at first contact an untrusted chain lists every problem, the fingerprint, the pin and both commands")
    func refusedDecision() {
        let firstContact = TrustText(server: "https://nas.lan/", now: text.now)
        let problems: [TrustProblem] = [.verification(.selfSigned), .verification(.untrustedRoot)]
        let lines = firstContact.lines(for: .refused(problems), chain: chain([leaf]))
        #expect(lines[0].hasPrefix("Refused"))
        #expect(lines[1] == "  - " + text.line(for: .selfSigned))
        #expect(lines[2].hasPrefix("  - The chain ends in a root certificate that is not trusted."))
        #expect(lines.contains("Certificate fingerprint: \(leaf.fingerprint)"))
        #expect(lines.contains("Public key pin:          \(leaf.spkiPin)"))
        #expect(lines.contains("Compare them with the server's own, then either trust this exact certificate:"))
        #expect(lines.contains("  remission trust accept https://nas.lan/ --fingerprint \(leaf.fingerprint)"))
        #expect(lines.contains("  remission trust pin https://nas.lan/ --spki \(leaf.spkiPin)"))
    }

    @Test("a saved server's refusal shows the facts, and no command that would trust this chain")
    func knownServerRefused() {
        let problems: [TrustProblem] = [.verification(.selfSigned)]
        let lines = text.lines(for: .refused(problems), chain: chain([leaf]))
        #expect(lines.contains("Certificate fingerprint: \(leaf.fingerprint)"))
        #expect(!lines.contains { $0.contains("--fingerprint") || $0.contains("--spki") })
        #expect(lines.contains("      remission trust accept nas"))  // shows it and asks, on a terminal
    }

    @Test("a changed certificate is not offered the first-use commands a second time")
    func changedDecision() {
        let decision = TrustPolicy.evaluate(
            chain: chain([impostor], problems: [.selfSigned]), trust: ServerTrust(accepted: acceptedCertificate(leaf)))
        let lines = text.lines(for: decision, chain: chain([impostor]))
        #expect(lines.filter { $0.contains("remission trust accept") }.count == 1)
        #expect(!lines.contains { $0.contains("remission trust pin") })
        #expect(lines[1].hasPrefix("  - CERTIFICATE CHANGED"))
        #expect(lines[2].hasPrefix("    Someone may be intercepting"))
        #expect(lines.contains("  - " + text.line(for: .selfSigned)))
        #expect(!lines.contains { $0.contains(impostor.fingerprint.description) && $0.contains("remission") })
        #expect(lines.last == "      remission trust accept nas")
    }

    @Test("no certificate renders without commands")
    func noCertificate() {
        let lines = text.lines(for: .refused([.noCertificate]), chain: chain([]))
        #expect(
            lines == ["Refused: the server's certificate is not trusted.", "  - The server presented no certificate."])
    }

    @Test(
        "server names are quoted for the shell when needed",
        arguments: [
            ("nas", "nas"), ("https://nas.lan:443", "https://nas.lan:443"), ("my nas", "'my nas'"),
            ("it's", "'it'\\''s'"), ("", "''"), ("$(rm)", "'$(rm)'"),
        ])
    func quoting(name: String, quoted: String) {
        #expect(
            TrustText(server: name, now: 0).acceptCommand(fingerprint(1)).hasPrefix(
                "remission trust accept \(quoted) --"))
    }
}
