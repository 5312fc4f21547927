import RemissionTransport
import RemissionTrust
import Testing

/// What Remission recommends, as a table (PRODUCT.md §2, "Advice is a decision"): every kind of trust
/// (an accepted leaf, a pinned leaf, intermediate or root key, a CA file holding the root or an
/// intermediate, the system's CAs) × every event (a leaf renewal with a new key, an intermediate
/// renewal, a root rotation, a host-name mismatch, and four impostors: with a copy of the real CA's
/// certificate, a leaf alone, a CA of the same names, a CA-valid certificate for another name), on
/// real certificates (`certs/advice`) examined by the transport. Each row names the verdict, the
/// findings and the fixes in order (`summary`).
///
/// Beside the words, every row is held to what its fixes do when followed as printed
/// (`AdviceScenarios.followed`): no impostor row has a fix that trusts it; an honest refused row's
/// first fix makes it trusted; no row recommends a key (or certificate) that lives less than 30
/// days when a longer-lived anchor exists.
@Suite("Advice table: trust kinds × events, with impostors (real certificates)")
struct AdviceTableTests {
    typealias Kind = AdviceScenarios.Kind
    typealias Event = AdviceScenarios.Event

    struct Row: Sendable, CustomTestStringConvertible {
        var kind: Kind
        var event: Event
        var expected: String
        var testDescription: String { "\(kind) × \(event)" }
    }

    static func row(_ kind: Kind, _ event: Event, _ expected: String) -> Row {
        Row(kind: kind, event: event, expected: expected)
    }

    static let rows: [Row] = [
        // An accepted leaf: only a leaf signed by the key recorded for its issuer is a renewal.
        row(.acceptedLeaf, .leafRenewal, "renewal: root-file+accepted"),
        row(.acceptedLeaf, .intermediateRenewal, "not shown: root-file+accepted"),
        row(.acceptedLeaf, .rootRotation, "not shown: root-file+accepted"),
        row(.acceptedLeaf, .hostMismatch, "trusted"),  // the accepted certificate itself
        row(.acceptedLeaf, .impostorWithCACopy, "not shown: root-file+accepted"),
        row(.acceptedLeaf, .impostorLeafAlone, "not shown: compare-accept"),
        row(.acceptedLeaf, .impostorSameNamedCA, "not shown: root-file+accepted"),
        row(.acceptedLeaf, .impostorOtherName, "not shown: root-file+accepted"),
        // A pinned leaf: its renewal with a new key cannot be told from an impostor.
        row(.leafPin, .leafRenewal, "not shown [pins absent]: root-file+pins"),
        row(.leafPin, .intermediateRenewal, "not shown [pins absent]: root-file+pins"),
        row(.leafPin, .rootRotation, "not shown [pins absent]: root-file+pins"),
        row(.leafPin, .hostMismatch, "trusted"),  // a pinned leaf key overrides the host (rule 1a)
        row(.leafPin, .impostorWithCACopy, "not shown [pins absent]: root-file+pins"),
        row(.leafPin, .impostorLeafAlone, "not shown: compare-pin"),
        row(.leafPin, .impostorSameNamedCA, "not shown [pins absent]: root-file+pins"),
        row(.leafPin, .impostorOtherName, "not shown [pins absent]: root-file+pins"),
        // A pinned intermediate: Caddy's, renewed every 7 days.
        row(.issuerPin, .leafRenewal, "trusted"),
        row(.issuerPin, .intermediateRenewal, "not shown [pins absent]: root-file+pins"),
        row(.issuerPin, .rootRotation, "not shown [pins absent]: root-file+pins"),
        row(.issuerPin, .hostMismatch, "name only: tls-name(nas.lan)"),
        row(.issuerPin, .impostorWithCACopy, "not shown: root-file+pins"),
        row(.issuerPin, .impostorLeafAlone, "not shown: compare-pin"),
        row(.issuerPin, .impostorSameNamedCA, "not shown [pins absent]: root-file+pins"),
        row(.issuerPin, .impostorOtherName, "name only"),  // printer.lan does not resolve to this address
        // A pinned root the server sends.
        row(.rootPin, .leafRenewal, "trusted"),
        row(.rootPin, .intermediateRenewal, "trusted"),
        row(.rootPin, .rootRotation, "not shown [pins absent]: root-file+pins"),
        row(.rootPin, .hostMismatch, "name only: tls-name(nas.lan)"),
        row(.rootPin, .impostorWithCACopy, "not shown: root-file+pins"),
        row(.rootPin, .impostorLeafAlone, "not shown: compare-pin"),
        row(.rootPin, .impostorSameNamedCA, "not shown [pins absent]: root-file+pins"),
        row(.rootPin, .impostorOtherName, "name only"),
        // The root as the CA file.
        row(.caFileRoot, .leafRenewal, "trusted"),
        row(.caFileRoot, .intermediateRenewal, "trusted"),
        row(.caFileRoot, .rootRotation, "not shown: root-file"),
        row(.caFileRoot, .hostMismatch, "name only: tls-name(nas.lan)"),
        row(.caFileRoot, .impostorWithCACopy, "not shown: root-file"),
        row(.caFileRoot, .impostorLeafAlone, "not shown: compare-accept"),
        row(.caFileRoot, .impostorSameNamedCA, "not shown: root-file"),
        row(.caFileRoot, .impostorOtherName, "name only"),
        // An intermediate as the CA file (Caddy's intermediate.crt beside root.crt).
        row(.caFileIntermediate, .leafRenewal, "trusted"),
        row(
            .caFileIntermediate, .intermediateRenewal,
            "not shown [file=intermediate(replaced)]: root-file"),
        row(.caFileIntermediate, .rootRotation, "not shown [file=intermediate(replaced)]: root-file"),
        row(.caFileIntermediate, .hostMismatch, "name only: tls-name(nas.lan)"),
        row(.caFileIntermediate, .impostorWithCACopy, "not shown [file=intermediate]: root-file"),
        row(.caFileIntermediate, .impostorLeafAlone, "not shown [file=intermediate]: compare-accept"),
        row(
            .caFileIntermediate, .impostorSameNamedCA,
            "not shown [file=intermediate(replaced)]: root-file"),
        row(.caFileIntermediate, .impostorOtherName, "name only"),
        // Nothing stored: the system's CAs vouched for the saved server.
        row(.system, .leafRenewal, "trusted"),
        row(.system, .intermediateRenewal, "trusted"),
        row(.system, .rootRotation, "not shown: root-file, compare-accept"),
        row(.system, .hostMismatch, "name only: tls-name(nas.lan)"),
        row(.system, .impostorWithCACopy, "not shown: root-file, compare-accept"),
        row(.system, .impostorLeafAlone, "not shown: compare-accept"),
        row(.system, .impostorSameNamedCA, "not shown: root-file, compare-accept"),
        row(.system, .impostorOtherName, "name only"),  // evil.example does not resolve to this address
    ]

    @Test("the table covers every kind × event once")
    func everyCombination() {
        let covered = Self.rows.map { "\($0.kind)|\($0.event)" }
        #expect(covered.count == Kind.allCases.count * Event.allCases.count)
        #expect(Set(covered).count == covered.count)
    }

    @Test("verdict, findings and fixes in order", arguments: rows)
    func advice(_ row: Row) {
        let (chain, decision, _) = AdviceScenarios.situation(row.kind, row.event)
        #expect(Self.summary(TrustAdvice.advise(decision: decision, chain: chain, known: true)) == row.expected)
    }

    @Test(
        "no impostor row shows a fix that would trust it, followed as printed",
        arguments: rows.filter(\.event.isImpostor))
    func impostorsAreNeverTrusted(_ row: Row) {
        let (chain, decision, trust) = AdviceScenarios.situation(row.kind, row.event)
        #expect(!decision.isTrusted)
        for fix in TrustAdvice.advise(decision: decision, chain: chain, known: true).fixes {
            #expect(
                !AdviceScenarios.followed(fix, kind: row.kind, event: row.event, trust: trust, chain: chain),
                "\(fix) trusts the impostor")
        }
    }

    @Test(
        "an honest refused row is trusted once its first fix is followed",
        arguments: rows.filter { !$0.event.isImpostor })
    func honestFirstFixWorks(_ row: Row) {
        let (chain, decision, trust) = AdviceScenarios.situation(row.kind, row.event)
        guard !decision.isTrusted else { return }
        let advice = TrustAdvice.advise(decision: decision, chain: chain, known: true)
        guard let first = advice.fixes.first else {
            Issue.record("no fix for an honest refusal")
            return
        }
        #expect(AdviceScenarios.followed(first, kind: row.kind, event: row.event, trust: trust, chain: chain))
    }

    @Test("no row recommends a key or certificate living under 30 days", arguments: rows)
    func durableFirst(_ row: Row) {
        let (chain, decision, _) = AdviceScenarios.situation(row.kind, row.event)
        for fix in TrustAdvice.advise(decision: decision, chain: chain, known: true).fixes {
            #expect(Self.lifetime(of: fix, in: chain).map { $0 >= TrustAdvice.durableLifetime } ?? true, "\(fix)")
        }
    }

    /// The lifetime of the certificate a fix trusts by its key or fingerprint (nil: a file or nothing).
    /// Comparing the leaf and accepting or pinning it counts as the leaf when a CA could be named
    /// instead (a CA-issued leaf).
    static func lifetime(of fix: TrustAdvice.Fix, in chain: PresentedChain) -> Int64? {
        let certificate: CertificateFacts? =
            switch fix {
            case .pinRootKey(let key, _), .pinIssuerKey(let key, _, _), .pinLeafKey(let key):
                chain.certificates.first { $0.spkiPin == key }
            case .acceptCertificate(let fingerprint): chain.certificates.first { $0.fingerprint == fingerprint }
            case .compareThenAccept, .compareThenPin: chain.leaf.flatMap { $0.isSelfIssued ? nil : $0 }
            default: nil
            }
        return certificate.map { $0.notAfter - $0.notBefore }
    }

    /// Names for the keys and certificates in a summary.
    static let names: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "root", "int", "leaf", "leaf2", "int2", "leaf3", "root2", "int3", "leaf4", "printer", "lint", "lleaf",
            "lleaf2", "xint", "x1", "x2", "xroot", "xint3", "x3", "proot", "pint", "pleaf", "pleaf2", "pint2",
            "pleaf3", "proot2", "pint3", "pleaf4", "pevil", "xpint", "px1", "xproot", "xpint3", "px3",
        ] {
            let facts = AdviceScenarios.facts(name)
            names[facts.spkiPin.description] = name
            names[facts.fingerprint.description] = name
        }
        return names
    }()

    static func summary(_ advice: TrustAdvice) -> String {
        func name(_ value: CustomStringConvertible) -> String { names[value.description] ?? "?" }
        let verdict =
            switch advice.verdict {
            case .trusted: "trusted"
            case .firstContact: "first contact"
            case .renewedBySameCA: "renewal"
            case .hostMismatchOnly: "name only"
            case .notShownSameCA: "not shown"
            }
        let findings = advice.findings.compactMap { finding -> String? in
            switch finding {
            case .caFileHoldsIntermediate(_, let replaced):
                replaced ? "file=intermediate(replaced)" : "file=intermediate"
            case .pinnedKeysNotPresented: "pins absent"
            case .shortLivedLeaf, .privateCA: nil
            }
        }
        let fixes = advice.fixes.map { fix -> String in
            switch fix {
            case .trustRootFile(_, let accepted, let pins):
                "root-file" + (accepted ? "+accepted" : "") + (pins ? "+pins" : "")
            case .pinRootKey(let key, _): "pin-root(\(name(key)))"
            case .pinIssuerKey(let key, _, _): "pin-issuer(\(name(key)))"
            case .acceptCertificate(let fingerprint): "accept(\(name(fingerprint)))"
            case .pinLeafKey(let key): "pin-leaf(\(name(key)))"
            case .compareThenAccept: "compare-accept"
            case .compareThenPin: "compare-pin"
            case .checkAs(let host): "tls-name(\(host))"
            }
        }
        return ([verdict] + findings.map { "[\($0)]" }).joined(separator: " ")
            + (fixes.isEmpty ? "" : ": " + fixes.joined(separator: ", "))
    }
}
