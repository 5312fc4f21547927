import Testing
import TrustFixtures

@testable import RemissionTrust

/// PRODUCT.md §2 as a table: every combination of pins (none, the leaf's key, the intermediate's, the
/// root's), accepted certificate (none, the leaf, another), CA file (none, set) and chain
/// (`TableChain`: valid and every problem class), with the decision and its reasons in the table's words
/// (`summary`). Pins are always set with a backup pin beside them, so no row carries the backup note.
///
/// The three tables follow the rules: with pins set, the pins decide alone (rule 1), whatever is
/// accepted and whatever the CA file; else an accepted certificate decides (rule 2), whatever the CA
/// file; else the store does (rules 3 and 4). `everyCombination` proves the tables cover all 408 cases.
@Suite("Trust policy table (PRODUCT.md §2, every combination)")
struct TrustTableTests {
    enum Pins: String, CaseIterable, Sendable { case none, leaf, intermediate, root }
    enum Accepted: String, CaseIterable, Sendable { case none, leaf, another }
    enum CAFile: String, CaseIterable, Sendable { case none, set }

    struct Row: Sendable, CustomTestStringConvertible {
        var chain: TableChain
        var pins: Pins
        var accepted: [Accepted]
        var caFile: [CAFile]
        var expected: String
        var testDescription: String {
            "\(chain) | pins \(pins) | accepted \(accepted.map(\.rawValue)) | CA file \(caFile.map(\.rawValue))"
        }
    }

    // MARK: Rule 1: pins decide alone (for every accepted certificate and CA file)

    static func pinned(_ chain: TableChain, _ pins: Pins, _ expected: String) -> Row {
        Row(chain: chain, pins: pins, accepted: Accepted.allCases, caFile: CAFile.allCases, expected: expected)
    }

    static let pinRows: [Row] = [
        // chain               pins           decision and reasons
        pinned(.valid, .leaf, "trusted by pin(leaf)"),
        pinned(.valid, .intermediate, "trusted by pin(intermediate)"),
        pinned(.valid, .root, "trusted by pin(root)"),
        pinned(.rootNotSent, .leaf, "trusted by pin(leaf)"),
        pinned(.rootNotSent, .intermediate, "trusted by pin(intermediate)"),
        pinned(.rootNotSent, .root, "trusted by pin(root)"),  // the store's path ends at the pinned root
        pinned(.selfSigned, .leaf, "trusted by pin(leaf); notes: self-signed"),
        pinned(.selfSigned, .intermediate, "refused: pin-mismatch, self-signed"),
        pinned(.selfSigned, .root, "refused: pin-mismatch, self-signed"),
        pinned(.unknownIssuer, .leaf, "trusted by pin(leaf); notes: unknown-issuer"),
        pinned(.unknownIssuer, .intermediate, "refused: pin-mismatch, unknown-issuer"),
        pinned(.unknownIssuer, .root, "refused: pin-mismatch, unknown-issuer"),
        pinned(.expired, .leaf, "trusted by pin(leaf); notes: expired"),
        pinned(.expired, .intermediate, "refused: pin-mismatch, anchor-refused(intermediate: expired), expired"),
        pinned(.expired, .root, "refused: pin-mismatch, anchor-refused(root: expired), expired"),
        pinned(.notYetValid, .leaf, "trusted by pin(leaf); notes: not-yet-valid"),
        pinned(
            .notYetValid, .intermediate,
            "refused: pin-mismatch, anchor-refused(intermediate: not-yet-valid), not-yet-valid"),
        pinned(.notYetValid, .root, "refused: pin-mismatch, anchor-refused(root: not-yet-valid), not-yet-valid"),
        pinned(.hostMismatch, .leaf, "trusted by pin(leaf); notes: host-mismatch"),
        pinned(.hostMismatch, .intermediate, "refused: pin-mismatch, host-mismatch"),
        pinned(.hostMismatch, .root, "refused: pin-mismatch, host-mismatch"),
        pinned(.weakKey, .leaf, "trusted by pin(leaf); notes: weak-key"),
        pinned(.weakKey, .intermediate, "refused: pin-mismatch, anchor-refused(intermediate: weak-key), weak-key"),
        pinned(.weakKey, .root, "refused: pin-mismatch, anchor-refused(root: weak-key), weak-key"),
        pinned(.weakSignature, .leaf, "trusted by pin(leaf); notes: weak-signature"),
        pinned(
            .weakSignature, .intermediate,
            "refused: pin-mismatch, anchor-refused(intermediate: weak-signature), weak-signature"),
        pinned(.weakSignature, .root, "refused: pin-mismatch, anchor-refused(root: weak-signature), weak-signature"),
        pinned(.clientOnlyLeaf, .leaf, "trusted by pin(leaf); notes: not-for-TLS-servers"),
        pinned(
            .clientOnlyLeaf, .intermediate,
            "refused: pin-mismatch, anchor-refused(intermediate: not-for-TLS-servers), not-for-TLS-servers"),
        pinned(
            .clientOnlyLeaf, .root,
            "refused: pin-mismatch, anchor-refused(root: not-for-TLS-servers), not-for-TLS-servers"),
        pinned(.nonCAIssuer, .leaf, "refused: pin-mismatch, not-a-CA"),
        pinned(.nonCAIssuer, .intermediate, "refused: pin-mismatch, not-a-CA"),
        pinned(.nonCAIssuer, .root, "refused: pin-mismatch, anchor-refused(root: not-a-CA), not-a-CA"),
        pinned(.pathLength, .leaf, "trusted by pin(leaf); notes: path-length"),
        pinned(
            .pathLength, .intermediate, "refused: pin-mismatch, anchor-refused(intermediate: path-length), path-length"),
        pinned(.pathLength, .root, "refused: pin-mismatch, anchor-refused(root: path-length), path-length"),
        pinned(.nameConstraint, .leaf, "trusted by pin(leaf); notes: name-constraint"),
        pinned(
            .nameConstraint, .intermediate,
            "refused: pin-mismatch, anchor-refused(intermediate: name-constraint), name-constraint"),
        pinned(.nameConstraint, .root, "refused: pin-mismatch, anchor-refused(root: name-constraint), name-constraint"),
        pinned(.caIssuedImpostor, .leaf, "refused: pin-mismatch"),
        pinned(.caIssuedImpostor, .intermediate, "refused: pin-mismatch"),
        pinned(.caIssuedImpostor, .root, "refused: pin-mismatch"),
        pinned(.appendedRoot, .leaf, "refused: pin-mismatch, self-signed"),
        pinned(.appendedRoot, .intermediate, "refused: pin-mismatch, self-signed"),
        pinned(.appendedRoot, .root, "refused: pin-mismatch, anchor-refused(root: self-signed), self-signed"),
        // A home CA's profile counts only where the system store anchors the path (no CA file): the
        // leaf pin's notes. Under a pinned home CA it is tolerated; a forged chain stays refused.
        Row(
            chain: .homeProfile, pins: .leaf, accepted: Accepted.allCases, caFile: [.none],
            expected: "trusted by pin(leaf); notes: profile"),
        Row(
            chain: .homeProfile, pins: .leaf, accepted: Accepted.allCases, caFile: [.set],
            expected: "trusted by pin(leaf)"),
        pinned(.homeProfile, .intermediate, "trusted by pin(intermediate)"),
        pinned(.homeProfile, .root, "trusted by pin(root)"),
        Row(
            chain: .homeForged, pins: .leaf, accepted: Accepted.allCases, caFile: [.none],
            expected: "refused: pin-mismatch, not-a-CA, profile"),
        Row(
            chain: .homeForged, pins: .leaf, accepted: Accepted.allCases, caFile: [.set],
            expected: "refused: pin-mismatch, not-a-CA"),
        Row(
            chain: .homeForged, pins: .intermediate, accepted: Accepted.allCases, caFile: [.none],
            expected: "refused: pin-mismatch, not-a-CA, profile"),
        Row(
            chain: .homeForged, pins: .intermediate, accepted: Accepted.allCases, caFile: [.set],
            expected: "refused: pin-mismatch, not-a-CA"),
        Row(
            chain: .homeForged, pins: .root, accepted: Accepted.allCases, caFile: [.none],
            expected: "refused: pin-mismatch, anchor-refused(root: not-a-CA), not-a-CA, profile"),
        Row(
            chain: .homeForged, pins: .root, accepted: Accepted.allCases, caFile: [.set],
            expected: "refused: pin-mismatch, anchor-refused(root: not-a-CA), not-a-CA"),
    ]

    // MARK: Rule 2: no pins, an accepted certificate decides (for either CA file)

    static func accepted(_ chain: TableChain, _ accepted: Accepted, _ expected: String) -> Row {
        Row(chain: chain, pins: .none, accepted: [accepted], caFile: CAFile.allCases, expected: expected)
    }

    static let acceptedRows: [Row] = [
        // chain               accepted   decision and reasons
        accepted(.valid, .leaf, "trusted by accepted"),
        accepted(.rootNotSent, .leaf, "trusted by accepted"),
        accepted(.selfSigned, .leaf, "trusted by accepted; notes: self-signed"),
        accepted(.unknownIssuer, .leaf, "trusted by accepted; notes: unknown-issuer"),
        accepted(.expired, .leaf, "trusted by accepted; notes: expired"),
        accepted(.notYetValid, .leaf, "trusted by accepted; notes: not-yet-valid"),
        accepted(.hostMismatch, .leaf, "trusted by accepted; notes: host-mismatch"),
        accepted(.weakKey, .leaf, "trusted by accepted; notes: weak-key"),
        accepted(.weakSignature, .leaf, "trusted by accepted; notes: weak-signature"),
        accepted(.clientOnlyLeaf, .leaf, "trusted by accepted; notes: not-for-TLS-servers"),
        accepted(.nonCAIssuer, .leaf, "refused: CERTIFICATE-CHANGED, not-a-CA"),
        accepted(.pathLength, .leaf, "trusted by accepted; notes: path-length"),
        accepted(.nameConstraint, .leaf, "trusted by accepted; notes: name-constraint"),
        accepted(.caIssuedImpostor, .leaf, "refused: CERTIFICATE-CHANGED"),
        accepted(.appendedRoot, .leaf, "refused: CERTIFICATE-CHANGED, self-signed"),
        accepted(.valid, .another, "refused: CERTIFICATE-CHANGED"),
        accepted(.rootNotSent, .another, "refused: CERTIFICATE-CHANGED"),
        accepted(.selfSigned, .another, "refused: CERTIFICATE-CHANGED, self-signed"),
        accepted(.unknownIssuer, .another, "refused: CERTIFICATE-CHANGED, unknown-issuer"),
        accepted(.expired, .another, "refused: CERTIFICATE-CHANGED, expired"),
        accepted(.notYetValid, .another, "refused: CERTIFICATE-CHANGED, not-yet-valid"),
        accepted(.hostMismatch, .another, "refused: CERTIFICATE-CHANGED, host-mismatch"),
        accepted(.weakKey, .another, "refused: CERTIFICATE-CHANGED, weak-key"),
        accepted(.weakSignature, .another, "refused: CERTIFICATE-CHANGED, weak-signature"),
        accepted(.clientOnlyLeaf, .another, "refused: CERTIFICATE-CHANGED, not-for-TLS-servers"),
        accepted(.nonCAIssuer, .another, "refused: CERTIFICATE-CHANGED, not-a-CA"),
        accepted(.pathLength, .another, "refused: CERTIFICATE-CHANGED, path-length"),
        accepted(.nameConstraint, .another, "refused: CERTIFICATE-CHANGED, name-constraint"),
        accepted(.caIssuedImpostor, .another, "refused: CERTIFICATE-CHANGED"),
        accepted(.appendedRoot, .another, "refused: CERTIFICATE-CHANGED, self-signed"),
        Row(
            chain: .homeProfile, pins: .none, accepted: [.leaf], caFile: [.none],
            expected: "trusted by accepted; notes: profile"),
        Row(chain: .homeProfile, pins: .none, accepted: [.leaf], caFile: [.set], expected: "trusted by accepted"),
        Row(
            chain: .homeProfile, pins: .none, accepted: [.another], caFile: [.none],
            expected: "refused: CERTIFICATE-CHANGED, profile"),
        Row(
            chain: .homeProfile, pins: .none, accepted: [.another], caFile: [.set],
            expected: "refused: CERTIFICATE-CHANGED"),
        Row(
            chain: .homeForged, pins: .none, accepted: [.leaf, .another], caFile: [.none],
            expected: "refused: CERTIFICATE-CHANGED, not-a-CA, profile"),
        Row(
            chain: .homeForged, pins: .none, accepted: [.leaf, .another], caFile: [.set],
            expected: "refused: CERTIFICATE-CHANGED, not-a-CA"),
    ]

    // MARK: Rules 3 and 4: no pins, nothing accepted: the store (system CAs plus the CA file) decides

    static func store(_ chain: TableChain, _ caFile: [CAFile], _ expected: String) -> Row {
        Row(chain: chain, pins: .none, accepted: [.none], caFile: caFile, expected: expected)
    }

    static let storeRows: [Row] = [
        // chain               CA file        decision and reasons
        store(.valid, [.none], "trusted by system CAs"),
        store(.valid, [.set], "trusted by CA file"),
        store(.rootNotSent, [.none], "trusted by system CAs"),
        store(.rootNotSent, [.set], "trusted by CA file"),
        store(.selfSigned, [.none, .set], "refused: self-signed"),
        store(.unknownIssuer, [.none, .set], "refused: unknown-issuer"),
        store(.expired, [.none, .set], "refused: expired"),
        store(.notYetValid, [.none, .set], "refused: not-yet-valid"),
        store(.hostMismatch, [.none, .set], "refused: host-mismatch"),
        store(.weakKey, [.none, .set], "refused: weak-key"),
        store(.weakSignature, [.none, .set], "refused: weak-signature"),
        store(.clientOnlyLeaf, [.none, .set], "refused: not-for-TLS-servers"),
        store(.nonCAIssuer, [.none, .set], "refused: not-a-CA"),
        store(.pathLength, [.none, .set], "refused: path-length"),
        store(.nameConstraint, [.none, .set], "refused: name-constraint"),
        // No pin and nothing accepted: a public CA vouches, as for curl (pins exist against this).
        store(.caIssuedImpostor, [.none, .set], "trusted by system CAs"),
        store(.appendedRoot, [.none, .set], "refused: self-signed"),
        // The system store keeps WebPKI strictness; the home CA given as the CA file is held to safety only.
        store(.homeProfile, [.none], "refused: profile"),
        store(.homeProfile, [.set], "trusted by CA file"),
        store(.homeForged, [.none], "refused: not-a-CA, profile"),
        store(.homeForged, [.set], "refused: not-a-CA"),
    ]

    static let rows = pinRows + acceptedRows + storeRows

    /// A certificate accepted earlier for nas.lan that no table chain presents.
    static let another = certificate("CN=nas.lan", id: 0x99, issuer: "CN=nas.lan", names: [.dns("nas.lan")])

    static func trust(_ pins: Pins, _ accepted: Accepted, _ caFile: CAFile) -> ServerTrust {
        let pinned: [SPKIPin]
        switch pins {
        case .none: pinned = []
        case .leaf: pinned = [leaf.spkiPin, backupPin]
        case .intermediate: pinned = [intermediate.spkiPin, backupPin]
        case .root: pinned = [root.spkiPin, backupPin]
        }
        let acceptedCertificate: AcceptedCertificate?
        switch accepted {
        case .none: acceptedCertificate = nil
        case .leaf: acceptedCertificate = TrustFixtures.acceptedCertificate(leaf)
        case .another: acceptedCertificate = TrustFixtures.acceptedCertificate(Self.another)
        }
        return ServerTrust(
            pins: pinned, accepted: acceptedCertificate, caFile: caFile == .set ? "/home/ann/home-ca.pem" : nil)
    }

    @Test("the decision", arguments: rows)
    func decision(row: Row) {
        for accepted in row.accepted {
            for caFile in row.caFile {
                let trust = Self.trust(row.pins, accepted, caFile)
                let facts = row.chain.facts(pins: Set(trust.pins), caFile: caFile == .set)
                let decision = TrustPolicy.evaluate(chain: facts, trust: trust)
                #expect(summary(decision) == row.expected, "accepted \(accepted), CA file \(caFile)")
            }
        }
    }

    @Test("the tables cover every combination exactly once")
    func everyCombination() {
        var seen: [String: Int] = [:]
        for row in Self.rows {
            for accepted in row.accepted {
                for caFile in row.caFile {
                    seen["\(row.chain)|\(row.pins)|\(accepted)|\(caFile)", default: 0] += 1
                }
            }
        }
        let all = TableChain.allCases.count * Pins.allCases.count * Accepted.allCases.count * CAFile.allCases.count
        #expect(all == 408)
        #expect(seen.count == all)
        #expect(seen.values.allSatisfy { $0 == 1 }, "\(seen.filter { $0.value > 1 }.keys.sorted())")
    }

    @Test("a refused decision names every problem exactly (not only its kind)")
    func reasonsInFull() {
        let trust = Self.trust(.root, .none, .set)
        let decision = TrustPolicy.evaluate(
            chain: TableChain.nonCAIssuer.facts(pins: Set(trust.pins), caFile: true), trust: trust)
        let notCA = VerificationProblem.notACertificateAuthority(subject: "CN=ann's laptop")
        #expect(
            decision
                == .refused([
                    .pinMismatch(presented: TableChain.nonCAIssuer.certificates.map(\.spkiPin), pinned: trust.pins),
                    .pinnedAnchorRefused(pin: root.spkiPin, problems: [notCA]), .verification(notCA),
                ]))
        let changed = TrustPolicy.evaluate(
            chain: TableChain.expired.facts(pins: [], caFile: false), trust: Self.trust(.none, .another, .none))
        guard case .refused(let reasons) = changed,
            case .certificateChanged(let stored, let presented, _) = reasons.first
        else {
            Issue.record("expected CERTIFICATE CHANGED, got \(changed)")
            return
        }
        #expect(stored.fingerprint == Self.another.fingerprint)
        #expect(presented.fingerprint == leaf.fingerprint && presented.notAfter == newYear2026 - day)
    }
}
