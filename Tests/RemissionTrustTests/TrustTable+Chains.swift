import TrustFixtures

@testable import RemissionTrust

/// The chains of the product table (`TrustTableTests`): what a server presents and what OpenSSL found,
/// as the transport reports it — the store verification (system CAs plus the CA file; with pins set, the
/// CA file alone) and, for each pinned certificate the server sent after its leaf, the verification with
/// that certificate as the only anchor. Host names are checked by `HostMatch` against `nas.lan`.
///
/// Unless a chain says otherwise, the leaf is the server's own certificate: its key is `leaf`'s (the one
/// a "leaf" pin names) and its fingerprint too (the one an "accepted: leaf" column accepted).
enum TableChain: String, CaseIterable, Sendable, CustomStringConvertible {
    /// leaf, intermediate, root; everything verifies.
    case valid
    /// leaf, intermediate; the root comes from the store (the CA file), the path verifies.
    case rootNotSent = "root not sent"
    /// The server's own certificate, self-signed.
    case selfSigned = "self-signed"
    /// The leaf alone; its issuer is nowhere (the intermediate is missing).
    case unknownIssuer = "unknown issuer"
    case expired
    case notYetValid = "not yet valid"
    /// The leaf names other.example only.
    case hostMismatch = "host mismatch"
    /// RSA 1024.
    case weakKey = "weak key"
    /// SHA-1.
    case weakSignature = "weak signature"
    /// extendedKeyUsage clientAuth only.
    case clientOnlyLeaf = "client-only leaf"
    /// A leaf for nas.lan signed by a client certificate the root issued (CA:FALSE), root appended.
    case nonCAIssuer = "non-CA issuer"
    /// leaf, sub-CA, intermediate (pathlen 0), root.
    case pathLength = "path length"
    /// The intermediate's name constraints exclude nas.lan.
    case nameConstraint = "name constraint"
    /// Another's leaf for nas.lan from a public CA the system store trusts.
    case caIssuedImpostor = "CA-issued impostor"
    /// A self-signed impostor for nas.lan that appends the real root.
    case appendedRoot = "appended root"
    /// leaf, intermediate, root of a home PKI whose intermediate has no keyUsage (only strict X.509 mode
    /// refuses it: a profile rule, tolerated under the user's own anchor, not under the system store).
    case homeProfile = "home CA without keyUsage"
    /// The non-CA-issuer forgery under that home PKI's root, which also has no keyUsage.
    case homeForged = "forged under a home CA"

    var description: String { rawValue }

    static let host = PeerName.dns("nas.lan")

    // MARK: Certificates

    /// The server's leaf with other facts (same key, same fingerprint).
    static func serverLeaf(_ change: (inout CertificateFacts) -> Void) -> CertificateFacts {
        var facts = leaf
        change(&facts)
        return facts
    }

    static let subCA = certificate("CN=Home Sub CA", id: 0x23, issuer: "CN=Home Intermediate")
    static let stolenClient = certificate("CN=ann's laptop", id: 0x66, issuer: "CN=Home CA")
    static let forged = certificate("CN=nas.lan", id: 0x77, issuer: "CN=ann's laptop", names: [.dns("nas.lan")])
    static let publicIntermediate = certificate("CN=Public Intermediate", id: 0x56, issuer: "CN=Public CA")
    static let publicRoot = certificate("CN=Public CA", id: 0x57)
    static let evil = certificate("CN=nas.lan", id: 0x88, issuer: "CN=nas.lan", names: [.dns("nas.lan")])

    /// Names for the keys in a summary.
    static let keyNames: [SPKIPin: String] = [
        leaf.spkiPin: "leaf", intermediate.spkiPin: "intermediate", root.spkiPin: "root",
        backupPin: "backup", subCA.spkiPin: "sub-CA", stolenClient.spkiPin: "client",
        forged.spkiPin: "forged", impostor.spkiPin: "impostor", evil.spkiPin: "evil",
    ]

    /// What the server sends, leaf first.
    var certificates: [CertificateFacts] {
        switch self {
        case .valid, .expired, .notYetValid, .hostMismatch, .weakKey, .weakSignature, .clientOnlyLeaf,
            .nameConstraint:
            return [presentedLeaf, intermediate, root]
        case .rootNotSent: return [leaf, intermediate]
        case .selfSigned, .unknownIssuer: return [presentedLeaf]
        case .homeProfile: return [leaf, intermediate, root]
        case .nonCAIssuer, .homeForged: return [Self.forged, Self.stolenClient, root]
        case .pathLength: return [presentedLeaf, Self.subCA, intermediate, root]
        case .caIssuedImpostor: return [impostor, Self.publicIntermediate]
        case .appendedRoot: return [Self.evil, root]
        }
    }

    private var presentedLeaf: CertificateFacts {
        switch self {
        case .selfSigned:
            return Self.serverLeaf {
                $0.issuer = $0.subject
                $0.isSelfIssued = true
            }
        case .expired: return Self.serverLeaf { $0.notAfter = newYear2026 - day }
        case .notYetValid: return Self.serverLeaf { $0.notBefore = newYear2026 + 400 * day }
        case .hostMismatch:
            return Self.serverLeaf {
                $0.subject = "CN=other.example"
                $0.subjectAltNames = [.dns("other.example")]
            }
        case .weakKey:
            return Self.serverLeaf {
                $0.keyType = "RSA"
                $0.keyBits = 1024
            }
        case .weakSignature: return Self.serverLeaf { $0.signatureAlgorithm = "sha1WithRSAEncryption" }
        case .pathLength: return Self.serverLeaf { $0.issuer = "CN=Home Sub CA" }
        default: return leaf
        }
    }

    /// The one problem OpenSSL finds in this chain whatever the anchor (nil: none).
    private var pathProblem: VerificationProblem? {
        let subject = presentedLeaf.subject
        switch self {
        case .valid, .rootNotSent, .hostMismatch, .caIssuedImpostor, .homeProfile: return nil
        case .selfSigned, .appendedRoot: return .selfSigned
        case .unknownIssuer: return .unknownIssuer(issuer: "CN=Home Intermediate")
        case .expired: return .expired(subject: subject, notAfter: newYear2026 - day)
        case .notYetValid: return .notYetValid(subject: subject, notBefore: newYear2026 + 400 * day)
        case .weakKey: return .weakKey(subject: subject, keyType: "RSA", bits: 1024)
        case .weakSignature: return .weakSignature(subject: subject, algorithm: "sha1WithRSAEncryption")
        case .clientOnlyLeaf: return .notForTLSServers(subject: subject)
        case .nonCAIssuer, .homeForged: return .notACertificateAuthority(subject: Self.stolenClient.subject)
        case .pathLength: return .pathLengthExceeded(subject: Self.subCA.subject)
        case .nameConstraint: return .nameConstraintViolation(subject: subject)
        }
    }

    /// What only strict X.509 mode finds in this chain, on every path through it.
    private var strictFindings: [StrictFinding] {
        let rule = "CA cert does not include key usage extension"
        switch self {
        case .homeProfile:
            return [
                StrictFinding(code: 92, problem: .profileViolation(subject: intermediate.subject, code: 92, rule: rule))
            ]
        case .homeForged:
            return [StrictFinding(code: 92, problem: .profileViolation(subject: root.subject, code: 92, rule: rule))]
        default: return []
        }
    }

    /// The facts for a server with these pins and, when `caFile`, a CA file (which anchored the chain
    /// when the chain is the home PKI's and verified).
    func facts(pins: Set<SPKIPin>, caFile: Bool) -> PresentedChain {
        let presented = certificates
        if self == .homeProfile || self == .homeForged { return homeFacts(pins: pins, caFile: caFile) }
        let problems = pathProblem.map { [$0] } ?? []
        let storePath: [SPKIPin]
        switch self {
        case .rootNotSent: storePath = presented.map(\.spkiPin) + [root.spkiPin]
        case .caIssuedImpostor: storePath = presented.map(\.spkiPin) + [Self.publicRoot.spkiPin]
        default: storePath = problems.isEmpty ? presented.map(\.spkiPin) : []
        }
        let store = AnchorVerification(
            anchors: .store, completed: problems.isEmpty, problems: problems, path: storePath,
            anchoredByCAFile: caFile && problems.isEmpty && self != .caIssuedImpostor)
        let anchors = presented.dropFirst().filter { pins.contains($0.spkiPin) }.map { anchor in
            AnchorVerification(
                anchors: .presentedCertificate(anchor.spkiPin), completed: problems.isEmpty, problems: problems,
                path: problems.isEmpty ? presented.prefix { $0 != anchor }.map(\.spkiPin) + [anchor.spkiPin] : [])
        }
        return PresentedChain(
            certificates: presented, peerName: Self.host, storeVerification: store, anchorVerifications: anchors)
    }
}

extension TableChain {
    /// The home PKI's chains as ChainExaminer reports them: the path is built and completed whatever it
    /// finds (every error is collected), so with a CA file the store's path ends at the CA file's root.
    fileprivate func homeFacts(pins: Set<SPKIPin>, caFile: Bool) -> PresentedChain {
        let presented = certificates
        let problems = pathProblem.map { [$0] } ?? []
        let store = AnchorVerification(
            anchors: .store, completed: true, problems: problems, strictFindings: strictFindings,
            path: presented.map(\.spkiPin), anchoredByCAFile: caFile)
        let anchors = presented.dropFirst().filter { pins.contains($0.spkiPin) }.map { anchor in
            AnchorVerification(
                anchors: .presentedCertificate(anchor.spkiPin), completed: true, problems: problems,
                strictFindings: strictFindings,
                path: presented.prefix { $0 != anchor }.map(\.spkiPin) + [anchor.spkiPin])
        }
        return PresentedChain(
            certificates: presented, peerName: Self.host, storeVerification: store, anchorVerifications: anchors)
    }
}

/// A decision in the table's words: `trusted by pin(intermediate)`, `trusted by accepted; notes: expired`,
/// `refused: pin-mismatch, anchor-refused(root: not-a-CA), not-a-CA`.
func summary(_ decision: TrustDecision) -> String {
    switch decision {
    case .trusted(let basis, let notes):
        let by: String
        switch basis {
        case .pinnedKey(let key): by = "pin(\(TableChain.keyNames[key] ?? key.description))"
        case .acceptedCertificate: by = "accepted"
        case .systemCertificateAuthorities: by = "system CAs"
        case .certificateAuthorityFile: by = "CA file"
        }
        return "trusted by \(by)" + (notes.isEmpty ? "" : "; notes: " + notes.map(word).joined(separator: ", "))
    case .refused(let problems):
        return "refused: " + problems.map(word).joined(separator: ", ")
    }
}

private func word(_ problem: TrustProblem) -> String {
    switch problem {
    case .verification(let inner): return word(inner)
    case .pinMismatch: return "pin-mismatch"
    case .certificateChanged: return "CERTIFICATE-CHANGED"
    case .pinnedAnchorRefused(let pin, let problems):
        let name = TableChain.keyNames[pin] ?? pin.description
        return "anchor-refused(\(name): \(problems.map(word).joined(separator: " ")))"
    case .missingBackupPin: return "no-backup-pin"
    case .noCertificate: return "no-certificate"
    }
}

private func word(_ problem: VerificationProblem) -> String {
    switch problem {
    case .selfSigned: return "self-signed"
    case .untrustedRoot: return "untrusted-root"
    case .unknownIssuer: return "unknown-issuer"
    case .expired: return "expired"
    case .notYetValid: return "not-yet-valid"
    case .hostMismatch: return "host-mismatch"
    case .weakKey: return "weak-key"
    case .weakSignature: return "weak-signature"
    case .revoked: return "revoked"
    case .notACertificateAuthority: return "not-a-CA"
    case .pathLengthExceeded: return "path-length"
    case .notForTLSServers: return "not-for-TLS-servers"
    case .nameConstraintViolation: return "name-constraint"
    case .profileViolation: return "profile"
    case .other(let code, _): return "other(\(code))"
    }
}
