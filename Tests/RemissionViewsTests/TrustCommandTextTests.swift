import RemissionModel
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionSession
@testable import RemissionViews

@Suite("Views: trust commands")
struct TrustCommandTextTests {
    static let subject = TrustSubject(
        label: "nas", endpoint: try! ServerEndpoint.parse("https://nas:8443/transmission/rpc"), profile: nil)

    @Test("what decides after unpinning: the accepted certificate, the CA file, or the system CAs")
    func unpinned() {
        var stored = ServerTrust(pins: [pin(1), pin(2)])
        let all = Unpinning(stored: stored, removing: [])
        #expect(
            TrustCommandText.unpinned(all, remaining: [], subject: Self.subject)
                == "Removed 2 pins for https://nas:8443; the system CAs decide trust now.")
        stored.caFile = "/ca.pem"
        #expect(
            TrustCommandText.unpinned(Unpinning(stored: stored, removing: []), remaining: [], subject: Self.subject)
                .hasSuffix("the CA file and system CAs decide trust now."))
        stored.accepted = acceptedCertificate(leaf)
        #expect(
            TrustCommandText.unpinned(
                Unpinning(stored: stored, removing: [pin(1)]), remaining: [pin(2)], subject: Self.subject)
                == "Removed 1 pin for https://nas:8443; 1 left.")
    }

    @Test("pinning names the new keys and warns about a set without a backup")
    func pinned() {
        let text = TrustCommandText.pinned(
            Pinning(pinned: [pin(1)], new: [pin(1)], warning: .noBackupPin), subject: Self.subject)
        #expect(text.hasPrefix("Pinned 1 key for https://nas:8443; 1 set now.\nwarning: every pin is a key"))
        #expect(
            TrustCommandText.pinned(Pinning(pinned: [pin(1)], new: [], warning: nil), subject: Self.subject)
                == "Every pin given was already set for https://nas:8443; nothing was changed.")
    }

    @Test("accepting again says nothing changed; with pins set, that they decide first")
    func accepted() {
        let accepted = acceptedCertificate(leaf)
        let again = TrustCommandText.accepted(
            Acceptance(previous: accepted, accepted: accepted, pinsSet: true), subject: Self.subject)
        #expect(again.contains("was already accepted for https://nas:8443"))
        #expect(again.contains("Note: pins are set"))
        #expect(again.hasSuffix("Next: remission check nas"))
    }

    @Test("a replaced certificate is named by its subject, else the names it covered, never by '()'")
    func replacedLineNamesIt() throws {
        let fingerprint = try CertificateFingerprint(parsing: "SHA256:" + String(repeating: "AB", count: 32))
        var caddy = AcceptedCertificate(
            fingerprint: fingerprint, subject: "", notBefore: 0, notAfter: 0, acceptedAt: 0,
            names: [.dns("localhost"), .dns("nas.home\u{1B}[2J")])
        #expect(
            TrustCommandText.replacedLine(caddy)
                == "Replaced the accepted certificate \(fingerprint) (DNS:localhost, DNS:nas.home^[[2J).")
        caddy.names = nil  // kept before names were
        #expect(
            TrustCommandText.replacedLine(caddy) == "Replaced the accepted certificate \(fingerprint) (no subject).")
        caddy.subject = "CN=nas"
        #expect(TrustCommandText.replacedLine(caddy) == "Replaced the accepted certificate \(fingerprint) (CN=nas).")
        #expect(!TrustCommandText.replacedLine(caddy).contains("()"))
    }

    @Test("stored text from trust.json is shown, not obeyed")
    func storedIsSafe() {
        var stored = ServerTrust()
        stored.caFile = "/ca\u{1B}[2J.pem"
        #expect(TrustCommandText.storedLines(stored).contains("CA file:     /ca^[[2J.pem"))
        #expect(TrustCommandText.storedLines(.none).first == "pins:        none")
    }
}
