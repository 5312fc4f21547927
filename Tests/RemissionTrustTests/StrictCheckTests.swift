import Testing

@testable import RemissionTrust

/// The strict X.509 checks as a table (devdoc/trust.md): which OpenSSL 3.0 strict-mode errors count under
/// the user's own anchor (a pinned certificate, the CA file), and that under the system store every one
/// counts, as does an error the table does not know.
@Suite("strict X.509 checks under a user-given anchor (StrictCheck)")
struct StrictCheckTests {
    /// code, counts under the user's own anchor.
    static let table: [(Int, Bool)] = [
        (26, true),  // an extension OpenSSL cannot decode: the purpose would go unchecked
        (78, true),  // signature algorithm inside and outside the signed part differ
        (79, false),  // strict-only 79: the anchor's (or leaf's) older CA form
        (80, false), (81, false), (82, false), (83, false), (84, false), (85, false), (86, false), (87, false),
        (88, false), (89, false), (90, false), (91, false), (92, false), (93, false),
    ]

    @Test("each strict check: refused or tolerated under a user-given anchor", arguments: table)
    func underUserAnchor(code: Int, counts: Bool) {
        #expect(StrictCheck.counts(code, userAnchored: true) == counts)
        #expect(StrictCheck.counts(code, userAnchored: false))
    }

    @Test("the table lists every check StrictCheck knows, and nothing else is tolerated")
    func complete() {
        #expect(Set(Self.table.map(\.0)) == Set(StrictCheck.allCases.map(\.rawValue)))
        for code in [1, 2, 7, 10, 18, 20, 24, 25, 32, 37, 40, 47, 66, 68, 94, 95, 120] {
            #expect(StrictCheck.counts(code, userAnchored: true), "code \(code)")
        }
    }

    @Test("a verification counts its strict findings by its anchor")
    func byAnchor() {
        let profile = StrictFinding(
            code: 92, problem: .profileViolation(subject: "CN=Home-CA", code: 92, rule: "no key usage"))
        let undecodable = StrictFinding(code: 26, problem: .notForTLSServers(subject: "CN=nas.lan"))
        let system = AnchorVerification(anchors: .store, completed: true, problems: [], strictFindings: [profile])
        #expect(!system.userAnchored && !system.verified && system.problems == [profile.problem])
        var caFile = system
        caFile.anchoredByCAFile = true
        #expect(caFile.userAnchored && caFile.verified && caFile.tolerated == [profile])
        let pinned = AnchorVerification(
            anchors: .presentedCertificate(SPKIPin(base64: "x")), completed: true, problems: [],
            strictFindings: [profile, undecodable])
        #expect(pinned.problems == [undecodable.problem] && !pinned.verified)
        #expect(pinned.tolerated == [profile])
    }

    @Test("a path no anchor vouches for is refused for that, without the profile a user's anchor tolerates")
    func unanchored() {
        let profile = StrictFinding(
            code: 92, problem: .profileViolation(subject: "CN=Home-CA", code: 92, rule: "no key usage"))
        let undecodable = StrictFinding(code: 26, problem: .notForTLSServers(subject: "CN=nas.lan"))
        for missing in [VerificationProblem.untrustedRoot, .selfSigned, .unknownIssuer(issuer: "CN=Home-CA")] {
            let untrusted = AnchorVerification(
                anchors: .store, completed: true, problems: [missing], strictFindings: [profile, undecodable])
            #expect(untrusted.problems == [missing, undecodable.problem] && !untrusted.verified)
        }
        let expired = AnchorVerification(
            anchors: .store, completed: true, problems: [.expired(subject: "CN=nas.lan", notAfter: 0)],
            strictFindings: [profile])
        #expect(expired.problems.contains(profile.problem))
    }
}
