import Testing
import TrustFixtures

@testable import RemissionTrust

@Suite("Trust policy (PRODUCT.md §2)")
struct TrustPolicyTests {
    // MARK: Rule 1: pins

    @Test("pins are enforced over a CA-valid chain: a CA-issued impostor is refused")
    func pinsOverValidChain() {
        let trust = ServerTrust(pins: [leaf.spkiPin, backupPin])
        let decision = TrustPolicy.evaluate(chain: chain([impostor, intermediate]), trust: trust)
        #expect(
            decision
                == .refused([.pinMismatch(presented: [impostor.spkiPin, intermediate.spkiPin], pinned: trust.pins)]))
    }

    @Test("a pin mismatch also keeps every verification problem")
    func pinMismatchKeepsProblems() {
        let trust = ServerTrust(pins: [backupPin])
        let decision = TrustPolicy.evaluate(chain: chain([leaf], problems: selfSignedProblems), trust: trust)
        #expect(
            decision
                == .refused([
                    .pinMismatch(presented: [leaf.spkiPin], pinned: [backupPin]),
                    .verification(.selfSigned), .verification(selfSignedProblems[0]),
                ]))
    }

    @Test("a pin on the intermediate matches when the chain verifies with it as the only anchor")
    func intermediatePin() {
        let trust = ServerTrust(pins: [intermediate.spkiPin, backupPin])
        let decision = TrustPolicy.evaluate(
            chain: chain([leaf, intermediate, root], anchoredBy: [(intermediate, [])]), trust: trust)
        #expect(decision == .trusted(.pinnedKey(intermediate.spkiPin), notes: []))
    }

    @Test("a pinned intermediate that merely signed the leaf is not enough: no path verified under it")
    func pinnedKeyWithoutVerifiedPath() {
        let trust = ServerTrust(pins: [intermediate.spkiPin, backupPin])
        #expect(!TrustPolicy.evaluate(chain: chain([leaf, intermediate, root]), trust: trust).isTrusted)
    }

    @Test("a leaf signed by a non-CA certificate under the pinned CA is refused, with the path's problem")
    func forgedUnderPinnedCA() {
        // The attacker holds a client certificate the pinned CA issued, and signs a leaf for the host.
        let stolen = certificate("CN=ann's laptop", id: 0x66, issuer: "CN=Home CA")
        let forged = certificate("CN=nas.lan", id: 0x77, issuer: "CN=ann's laptop", names: [.dns("nas.lan")])
        let trust = ServerTrust(pins: [root.spkiPin, backupPin])
        let problems: [VerificationProblem] = [.notACertificateAuthority(subject: "CN=ann's laptop")]
        let decision = TrustPolicy.evaluate(
            chain: chain([forged, stolen, root], problems: [.untrustedRoot], anchoredBy: [(root, problems)]),
            trust: trust)
        #expect(
            decision
                == .refused([
                    .pinMismatch(presented: [forged.spkiPin, stolen.spkiPin, root.spkiPin], pinned: trust.pins),
                    .pinnedAnchorRefused(pin: root.spkiPin, problems: problems), .verification(.untrustedRoot),
                ]))
    }

    @Test("a pinned CA certificate appended to an unrelated leaf does not match (it did not sign the leaf)")
    func appendedCertificateDoesNotMatch() {
        let trust = ServerTrust(pins: [root.spkiPin, backupPin])
        let decision = TrustPolicy.evaluate(
            chain: chain(
                [impostor, root], problems: [.selfSigned],
                anchoredBy: [(root, [.unknownIssuer(issuer: "CN=Public CA")])]),
            trust: trust)
        #expect(!decision.isTrusted)
    }

    @Test("a pinned CA does not vouch for a leaf that does not cover the host")
    func caPinNeedsHostMatch() {
        let trust = ServerTrust(pins: [intermediate.spkiPin, backupPin])
        let mismatch = VerificationProblem.hostMismatch(expected: "nas.lan", covered: [.dns("other.example")])
        let decision = TrustPolicy.evaluate(
            chain: chain([leaf, intermediate, root], problems: [mismatch], anchoredBy: [(intermediate, [])]),
            trust: trust)
        #expect(!decision.isTrusted)
        let leafPinned = TrustPolicy.evaluate(
            chain: chain([leaf, intermediate, root], problems: [mismatch]), trust: ServerTrust(pins: [leaf.spkiPin]))
        #expect(leafPinned.isTrusted)
    }

    @Test("a pinned root from the store (not sent by the server) matches a verified chain")
    func storeRootPin() {
        let trust = ServerTrust(pins: [root.spkiPin, backupPin])
        let decision = TrustPolicy.evaluate(
            chain: chain([leaf, intermediate], path: [leaf.spkiPin, intermediate.spkiPin, root.spkiPin]),
            trust: trust)
        #expect(decision == .trusted(.pinnedKey(root.spkiPin), notes: []))
    }

    @Test("the leaf's pin is the basis when several certificates are pinned")
    func leafPinFirst() {
        let trust = ServerTrust(pins: [root.spkiPin, leaf.spkiPin, backupPin])
        let decision = TrustPolicy.evaluate(chain: chain([leaf, intermediate, root]), trust: trust)
        #expect(decision == .trusted(.pinnedKey(leaf.spkiPin), notes: []))
    }

    @Test("a pin match overrides self-signed and host mismatch, which stay as notes")
    func pinOverridesProblems() {
        let trust = ServerTrust(pins: [leaf.spkiPin, backupPin])
        let decision = TrustPolicy.evaluate(chain: chain([leaf], problems: selfSignedProblems), trust: trust)
        #expect(
            decision
                == .trusted(
                    .pinnedKey(leaf.spkiPin),
                    notes: [.verification(.selfSigned), .verification(selfSignedProblems[0])]))
    }

    @Test(
        "a missing backup pin is noted when every pin is in the presented chain",
        arguments: [
            ([leaf.spkiPin], true),
            ([leaf.spkiPin, intermediate.spkiPin], true),
            ([leaf.spkiPin, leaf.spkiPin], true),
            ([leaf.spkiPin, backupPin], false),
            ([intermediate.spkiPin, backupPin], false),
        ])
    func missingBackupPin(pins: [SPKIPin], missing: Bool) {
        let decision = TrustPolicy.evaluate(
            chain: chain([leaf, intermediate], anchoredBy: [(intermediate, [])]), trust: ServerTrust(pins: pins))
        guard case .trusted(_, let notes) = decision else {
            Issue.record("expected trusted, got \(decision)")
            return
        }
        #expect(notes == (missing ? [.missingBackupPin] : []))
    }

    @Test("pins decide before an accepted certificate")
    func pinsBeforeAccepted() {
        let trust = ServerTrust(pins: [leaf.spkiPin, backupPin], accepted: acceptedCertificate(impostor))
        #expect(
            TrustPolicy.evaluate(chain: chain([leaf]), trust: trust) == .trusted(.pinnedKey(leaf.spkiPin), notes: []))
    }

    // MARK: Rule 2: accepted certificate

    @Test("the accepted certificate is trusted, its problems kept as notes")
    func acceptedMatch() {
        let trust = ServerTrust(accepted: acceptedCertificate(leaf))
        let decision = TrustPolicy.evaluate(chain: chain([leaf], problems: [.selfSigned]), trust: trust)
        #expect(decision == .trusted(.acceptedCertificate(leaf.fingerprint), notes: [.verification(.selfSigned)]))
    }

    @Test("a different certificate is CERTIFICATE CHANGED, even when the CAs trust it")
    func acceptedMismatch() {
        let accepted = acceptedCertificate(leaf)
        let trust = ServerTrust(accepted: accepted, caFile: "/home/ann/ca.pem")
        let decision = TrustPolicy.evaluate(chain: chain([impostor], anchoredByCAFile: true), trust: trust)
        #expect(decision == .refused([.certificateChanged(accepted: accepted, presented: impostor, change: .unknown)]))
    }

    @Test("a changed certificate keeps the new certificate's problems after the change")
    func acceptedMismatchWithProblems() {
        let accepted = acceptedCertificate(leaf)
        let decision = TrustPolicy.evaluate(
            chain: chain([impostor], problems: [.selfSigned]), trust: ServerTrust(accepted: accepted))
        #expect(
            decision
                == .refused([
                    .certificateChanged(accepted: accepted, presented: impostor, change: .unknown),
                    .verification(.selfSigned),
                ]))
    }

    // MARK: Rules 3 and 4: system validation

    @Test("a verified chain is trusted by the system certificate authorities")
    func systemValid() {
        let decision = TrustPolicy.evaluate(chain: chain([leaf, intermediate]), trust: .none)
        #expect(decision == .trusted(.systemCertificateAuthorities, notes: []))
    }

    @Test(
        "the CA file is the basis only when it anchored the chain and is configured",
        arguments: [
            (true, "/home/ann/ca.pem", TrustBasis.certificateAuthorityFile(path: "/home/ann/ca.pem")),
            (false, "/home/ann/ca.pem", TrustBasis.systemCertificateAuthorities),
            (true, nil, TrustBasis.systemCertificateAuthorities),
        ] as [(Bool, String?, TrustBasis)])
    func caFileBasis(anchoredByCAFile: Bool, caFile: String?, basis: TrustBasis) {
        let decision = TrustPolicy.evaluate(
            chain: chain([leaf], anchoredByCAFile: anchoredByCAFile), trust: ServerTrust(caFile: caFile))
        #expect(decision == .trusted(basis, notes: []))
    }

    @Test("an untrusted chain is refused with every problem, in a stable order, without repeats")
    func untrustedKeepsAll() {
        let host = VerificationProblem.hostMismatch(expected: "nas", covered: [.dns("nas.lan"), .ip("192.168.1.2")])
        let expired = VerificationProblem.expired(subject: "CN=nas.lan", notAfter: newYear2026)
        let issuer = VerificationProblem.unknownIssuer(issuer: "CN=Home CA")
        let weak = VerificationProblem.weakKey(subject: "CN=nas.lan", keyType: "RSA", bits: 1024)
        let other = VerificationProblem.other(code: 99, message: "something else")
        let found: [VerificationProblem] = [other, host, expired, weak, issuer, expired]
        let decision = TrustPolicy.evaluate(chain: chain([leaf], problems: found), trust: .none)
        #expect(decision == .refused([issuer, expired, host, weak, other].map(TrustProblem.verification)))
    }

    @Test("the order of problems does not depend on the order they were found")
    func stableOrder() {
        let problems: [VerificationProblem] = [
            .weakSignature(subject: "CN=a", algorithm: "sha1WithRSAEncryption"), .selfSigned,
            .notYetValid(subject: "CN=a", notBefore: newYear2026), .revoked(subject: "CN=a"), .untrustedRoot,
        ]
        let forward = TrustPolicy.evaluate(chain: chain([leaf], problems: problems), trust: .none)
        let backward = TrustPolicy.evaluate(chain: chain([leaf], problems: problems.reversed()), trust: .none)
        #expect(forward == backward)
        #expect(
            forward
                == .refused(
                    [problems[1], problems[4], problems[3], problems[2], problems[0]].map(TrustProblem.verification)))
    }

    @Test(
        "no certificate is refused whatever is configured",
        arguments: [
            ServerTrust.none, ServerTrust(pins: [leaf.spkiPin]), ServerTrust(accepted: acceptedCertificate(leaf)),
            ServerTrust(caFile: "/ca.pem"),
        ])
    func noCertificate(trust: ServerTrust) {
        #expect(TrustPolicy.evaluate(chain: chain([]), trust: trust) == .refused([.noCertificate]))
    }

    @Test("the instance and static forms agree, and the decision says whether it is trusted")
    func forms() {
        let trusted = TrustPolicy(trust: .none).evaluate(chain([leaf]))
        #expect(trusted == TrustPolicy.evaluate(chain: chain([leaf]), trust: .none))
        #expect(trusted.isTrusted)
        #expect(!TrustPolicy(trust: .none).evaluate(chain([])).isTrusted)
    }
}
