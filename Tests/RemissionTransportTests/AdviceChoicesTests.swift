import RemissionTransport
import RemissionTrust
import Testing

/// The advice beyond the kinds × events table, on the same certificates: first contact's choices (what
/// `connect` recommends and in which order), renewals whose issuer or root outlives 30 days, and which
/// key `trust pin --issuer|--root` takes (by signature, `PresentedChain.leafIssuer`/`signatureRoot`).
@Suite("Advice: first contact, long-lived anchors, keys chosen by signature (real certificates)")
struct AdviceChoicesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: [String]?
        var presented: [String]
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // First contact: nothing stored, the server not known. The issuer shows with its lifetime and is
        // recommended only when it lives long; the root (sent or as a file) comes first.
        Case(
            name: "first contact, Caddy-like (7-day intermediate, root not sent)", before: nil,
            presented: ["leaf", "int"],
            expected: "first contact: root-file, accept(leaf), pin-leaf(leaf), pin-issuer(int)"),
        Case(
            name: "first contact, a 3-year intermediate", before: nil, presented: ["lleaf", "lint"],
            expected: "first contact: pin-issuer(lint), accept(lleaf), pin-leaf(lleaf), root-file"),
        Case(
            name: "first contact, the root sent", before: nil, presented: ["leaf", "int", "root"],
            expected: "first contact: pin-root(root), accept(leaf), pin-leaf(leaf), pin-issuer(int)"),
        Case(
            name: "first contact, an impostor sending the real CA's copy (not its issuer by signature)", before: nil,
            presented: ["x1", "int"], expected: "first contact: root-file, accept(x1), pin-leaf(x1)"),
        // Proven renewals of an accepted leaf: durable first, then what lives 30 days or more.
        Case(
            name: "accepted leaf renewed under a 3-year intermediate", before: ["lleaf", "lint"],
            presented: ["lleaf2", "lint"], expected: "renewal: root-file+accepted, pin-issuer(lint), accept(lleaf2)"),
        Case(
            name: "accepted leaf renewed, the root sent (proven by the signature path)",
            before: ["leaf", "int", "root"],
            presented: ["leaf2", "int", "root"], expected: "renewal: pin-root(root)"),
        Case(
            name: "accepted leaf, an impostor with copies of the real intermediate and root",
            before: ["leaf", "int", "root"], presented: ["x1", "int", "root"],
            expected: "not shown: root-file+accepted"),
    ]

    static func situation(_ test: Case) -> (PresentedChain, TrustDecision, ServerTrust) {
        var trust = ServerTrust.none
        if let before = test.before {
            let earlier = AdviceScenarios.examine(
                before, trust: .none, anchors: ["proot"], peer: .dns("nas.lan"), event: .leafRenewal)
            trust.accepted = AcceptedCertificate(accepting: earlier, at: 1_767_225_600)
        }
        let chain = AdviceScenarios.examine(
            test.presented, trust: trust, anchors: ["proot"], peer: .dns("nas.lan"), event: .leafRenewal)
        return (chain, TrustPolicy.evaluate(chain: chain, trust: trust), trust)
    }

    @Test("what is recommended, in order", arguments: cases)
    func recommended(_ test: Case) {
        let (chain, decision, _) = Self.situation(test)
        let advice = TrustAdvice.advise(decision: decision, chain: chain, known: test.before != nil)
        #expect(AdviceTableTests.summary(advice) == test.expected)
        // Nothing recommended after a refusal of stored trust lives under 30 days.
        if test.before != nil {
            for fix in advice.fixes {
                #expect(AdviceTableTests.lifetime(of: fix, in: chain).map { $0 >= TrustAdvice.durableLifetime } ?? true)
            }
        }
    }

    @Test("an accepted leaf records the key that verifies it, not the certificate sent second")
    func recordedIssuerBySignature() {
        let honest = AdviceScenarios.examine(
            ["leaf", "int"], trust: .none, anchors: [], peer: .dns("nas.lan"), event: .leafRenewal)
        #expect(AcceptedCertificate(accepting: honest, at: 0)?.issuerKey == AdviceScenarios.facts("int").spkiPin)
        // An impostor's leaf sent with a copy of the real intermediate: nothing verifies it.
        let impostor = AdviceScenarios.examine(
            ["x1", "int"], trust: .none, anchors: [], peer: .dns("nas.lan"), event: .leafRenewal)
        #expect(AcceptedCertificate(accepting: impostor, at: 0)?.issuerKey == nil)
    }

    @Test("--issuer and --root are the keys the signature path proves")
    func keysBySignature() {
        func chain(_ names: [String]) -> PresentedChain {
            AdviceScenarios.examine(names, trust: .none, anchors: [], peer: .dns("nas.lan"), event: .leafRenewal)
        }
        let int = AdviceScenarios.facts("int").spkiPin
        let root = AdviceScenarios.facts("root").spkiPin
        #expect(chain(["leaf", "int", "root"]).leafIssuer?.spkiPin == int)
        #expect(chain(["leaf", "int", "root"]).signatureRoot?.spkiPin == root)
        // Sent in another order, still found by signature.
        #expect(chain(["leaf", "root", "int"]).leafIssuer?.spkiPin == int)
        #expect(chain(["leaf", "root", "int"]).signatureRoot?.spkiPin == root)
        // A copy of the real CA after an impostor's leaf issued nothing; a same-named root issued nothing.
        #expect(chain(["x1", "int", "root"]).leafIssuer == nil)
        #expect(chain(["x1", "int", "root"]).signatureRoot == nil)
        #expect(chain(["leaf", "int", "xroot"]).signatureRoot == nil)
        #expect(chain(["x3", "xint3", "xroot"]).signatureRoot?.spkiPin == AdviceScenarios.facts("xroot").spkiPin)
    }
}
