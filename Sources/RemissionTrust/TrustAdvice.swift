/// What Remission recommends about a server's certificate: a pure decision over verified facts, held to
/// the same proof as the trust decision (PRODUCT.md §2, "Advice is a decision"). Views only word it: the
/// commands in a refusal, first contact's choices, the hints and `watch`'s exit text all come from here.
///
/// The facts are the presented chain (each certificate, which presented keys verify which by signature,
/// each presented CA tried as the only anchor, where the leaf's names resolve here), the trust it was
/// judged by (an accepted leaf with its issuer's key, pins, a CA file and what that file holds) and
/// whether the server is known. The server under suspicion never chooses what is recommended:
/// - a renewal is "by the same CA" only when the new leaf verifies under a key already trusted or
///   recorded (`CertificateChange`);
/// - a key of the presented chain is recommended only after such a proof, or at first contact, where
///   the user is asked to compare the certificate with the server's own out of band;
/// - `--tls-name NAME` only when NAME resolves here to the address connected and that name is all that
///   keeps the chain from being trusted;
/// - otherwise only what cannot trust an impostor: the CA's root copied from the CA's own machine, or
///   a command that shows the certificate and asks (`trust accept NAME` on a terminal).
///
/// Durable fixes come first: never a key that lives less than `durableLifetime` when a longer-lived
/// anchor exists or can be named.
public struct TrustAdvice: Sendable, Hashable {
    /// What the refusal is, for its first words.
    public enum Verdict: Sendable, Hashable {
        /// Trusted (or nothing was presented to judge): nothing to recommend.
        case trusted
        /// Nothing vouched for this server before: the user compares the certificate out of band and
        /// chooses what to trust (`TrustChoices`).
        case firstContact
        /// The leaf differs from the accepted one, and its signature verifies under the key recorded for
        /// its issuer (or the CA file verifies it): a renewal by the same CA, proven. Still refused.
        case renewedBySameCA(issuer: String)
        /// The certificate is what vouched for the server before, except that it names other hosts.
        case hostMismatchOnly
        /// What vouched for the server before does not vouch for this chain, and nothing proves it comes
        /// from the same certificate authority: an impostor looks exactly like this.
        case notShownSameCA
    }

    /// Facts worth saying beside the verdict.
    public enum Finding: Sendable, Hashable {
        /// The leaf lives less than `durableLifetime`: trusting it alone fails at its next renewal.
        case shortLivedLeaf(lifetime: Int64)
        /// A private CA recognised by its names (only ever to say where its root file lives).
        case privateCA(PrivateCA)
        /// The server's CA file holds no root, only an intermediate (`subject`) that its CA renews; with
        /// `replaced`, the server presents another certificate of that name with another key now.
        case caFileHoldsIntermediate(subject: String, replaced: Bool)
        /// Pins are set and none of them is presented while the leaf comes from a CA: what a renewed
        /// intermediate looks like when its key was pinned (and what an impostor looks like).
        case pinnedKeysNotPresented
    }

    /// One fix, in the order recommended; the views word it for the place it is shown.
    public enum Fix: Sendable, Hashable {
        /// Trust the CA's root certificate as the server's CA file, copied from the CA's own machine (out
        /// of band; `privateCA` says where it lives). Replaces an accepted certificate; with
        /// `replacingPins`, the pins that no longer match are forgotten after it (pins decide first).
        case trustRootFile(PrivateCA?, replacingAccepted: Bool, replacingPins: Bool)
        /// Pin the presented root's key: the signature path proves it (after a proven renewal), or the
        /// user compares it (first contact).
        case pinRootKey(SPKIPin, replacingAccepted: Bool)
        /// Pin the key of the certificate that issued the leaf (by signature), which lives `lifetime`.
        case pinIssuerKey(SPKIPin, lifetime: Int64, replacingAccepted: Bool)
        /// Accept this exact certificate (proven renewal of a long-lived leaf, or first contact).
        case acceptCertificate(CertificateFingerprint)
        /// Pin the leaf's own key (first contact only: the user compares it).
        case pinLeafKey(SPKIPin)
        /// `trust accept NAME` on a terminal: shows the certificate and asks; the user compares it with
        /// the server's own before answering. Nothing is trusted without that comparison.
        case compareThenAccept
        /// `trust show NAME`, then `trust pin NAME --spki` with the pin the user compared with the
        /// server's own (typed, never printed ready-made), the old pins forgotten.
        case compareThenPin
        /// `--tls-name NAME`: NAME resolves here to the address connected, and is all that is wrong.
        case checkAs(name: String)
    }

    public var verdict: Verdict
    public var findings: [Finding]
    /// The first is the recommended one; for a proven renewal the first is the durable fix.
    public var fixes: [Fix]
    /// What to say about the names the leaf covers when it does not cover the host.
    public var tlsName: TLSNameAdvice?
    /// First contact's choices (also what `connect` asks about).
    public var choices: TrustChoices?

    /// Below this lifetime a key is not recommended when a longer-lived anchor exists or can be named.
    public static let durableLifetime: Int64 = 30 * 86_400

    public static let trusted = TrustAdvice(verdict: .trusted, findings: [], fixes: [])

    /// The advice for `decision` about `chain`. `known`: the server is saved (or re-pointed), so with
    /// nothing stored it was trusted by the system's CAs before: a refusal is a change, not a first
    /// contact. The trust the chain was judged by is `chain.judgedBy` (else what the decision shows).
    public static func advise(decision: TrustDecision, chain: PresentedChain, known: Bool) -> TrustAdvice {
        guard case .refused(let problems) = decision, let leaf = chain.leaf else { return .trusted }
        let trust = chain.judgedBy ?? inferredTrust(problems)
        let stored = !trust.pins.isEmpty || trust.accepted != nil || trust.caFile != nil
        var findings: [Finding] = []
        let leafLifetime = leaf.notAfter - leaf.notBefore
        if leafLifetime < durableLifetime { findings.append(.shortLivedLeaf(lifetime: leafLifetime)) }
        let privateCA = PrivateCA(chain: chain)
        let tlsName = tlsNameAdvice(chain)

        if let privateCA { findings.append(.privateCA(privateCA)) }  // where its root lives, said after the rest
        if !stored && !known {
            let choices = TrustChoices(chain: chain)
            let ordered = [choices.recommended] + choices.offered.filter { $0 != choices.recommended }
            return TrustAdvice(
                verdict: .firstContact, findings: findings,
                fixes: ordered.flatMap { firstContactFixes($0, chain: chain, privateCA: privateCA) }, tlsName: tlsName,
                choices: choices)
        }
        if onlyTheNameIsWrong(chain, trust: trust) {
            let fixes: [Fix] = tlsName?.resolvingName.map { [.checkAs(name: $0)] } ?? []
            return TrustAdvice(verdict: .hostMismatchOnly, findings: findings, fixes: fixes, tlsName: tlsName)
        }
        let caIssued = !leaf.isSelfIssued
        let rootFile = Fix.trustRootFile(
            privateCA, replacingAccepted: trust.accepted != nil, replacingPins: !trust.pins.isEmpty)
        if trust.pins.isEmpty, let change = changeOfAccepted(problems), change.isProvenRenewal,
            case .renewedBySameIssuer(let issuer) = change
        {
            return TrustAdvice(
                verdict: .renewedBySameCA(issuer: issuer), findings: findings,
                fixes: provenRenewalFixes(chain, rootFile: caIssued ? rootFile : nil), tlsName: tlsName)
        }
        if !trust.pins.isEmpty, caIssued, !chain.certificates.contains(where: { trust.pins.contains($0.spkiPin) }) {
            findings.insert(.pinnedKeysNotPresented, at: 0)
        }
        if trust.pins.isEmpty, trust.accepted == nil, let intermediate = caFileIntermediate(chain) {
            findings.insert(intermediate, at: 0)
        }
        // The CA's root first; this leaf (compared out of band) only when it lives long enough to be
        // worth it, or when no CA can be named (a self-signed certificate).
        var fixes: [Fix] = caIssued ? [rootFile] : []
        if !caIssued || leafLifetime >= durableLifetime {
            fixes.append(trust.pins.isEmpty ? .compareThenAccept : .compareThenPin)
        }
        return TrustAdvice(verdict: .notShownSameCA, findings: findings, fixes: fixes, tlsName: tlsName)
    }

    /// After a proven renewal, durable first: the presented root's key when the signature path proves
    /// it and the chain verifies under it; else the CA's root as a file; then the issuer's key when it
    /// lives at least `durableLifetime`; this leaf only when it does too.
    static func provenRenewalFixes(_ chain: PresentedChain, rootFile: Fix?) -> [Fix] {
        guard let leaf = chain.leaf else { return [] }
        var fixes: [Fix] = []
        if let root = chain.signatureRoot, chain.anchorVerified(root.spkiPin) {
            fixes.append(.pinRootKey(root.spkiPin, replacingAccepted: true))
        } else if let rootFile {
            fixes.append(rootFile)
        }
        if let issuer = chain.leafIssuer, !issuer.isSelfIssued, chain.anchorVerified(issuer.spkiPin),
            issuer.notAfter - issuer.notBefore >= durableLifetime
        {
            fixes.append(
                .pinIssuerKey(issuer.spkiPin, lifetime: issuer.notAfter - issuer.notBefore, replacingAccepted: true))
        }
        if leaf.notAfter - leaf.notBefore >= durableLifetime { fixes.append(.acceptCertificate(leaf.fingerprint)) }
        return fixes
    }

    /// First contact's choice as fixes: this certificate is accepted, or its key pinned.
    static func firstContactFixes(_ choice: TrustChoices.Choice, chain: PresentedChain, privateCA: PrivateCA?)
        -> [Fix]
    {
        guard let leaf = chain.leaf else { return [] }
        switch choice {
        case .certificate: return [.acceptCertificate(leaf.fingerprint), .pinLeafKey(leaf.spkiPin)]
        case .issuerKey(let key):
            let lifetime = chain.certificates.first { $0.spkiPin == key }.map { $0.notAfter - $0.notBefore } ?? 0
            return [.pinIssuerKey(key, lifetime: lifetime, replacingAccepted: false)]
        case .rootKey(let key): return [.pinRootKey(key, replacingAccepted: false)]
        case .caFile: return [.trustRootFile(privateCA, replacingAccepted: false, replacingPins: false)]
        }
    }

    /// Whether the chain would be trusted under `trust` if only the leaf covered the host.
    static func onlyTheNameIsWrong(_ chain: PresentedChain, trust: ServerTrust) -> Bool {
        guard chain.hasHostMismatch else { return false }
        var named = chain
        named.peerName = nil
        named.storeVerification.pathProblems.removeAll(where: \.isHostMismatch)
        named.storeVerification.strictFindings.removeAll(where: \.problem.isHostMismatch)
        return TrustPolicy.evaluate(chain: named, trust: trust).isTrusted
    }

    /// What the names the leaf covers say when it does not cover the host: one that resolves here to
    /// the address connected, or the names looked up, none of which does.
    public static func tlsNameAdvice(_ chain: PresentedChain) -> TLSNameAdvice? {
        guard chain.hasHostMismatch, let local = chain.localNames, !local.names.isEmpty else { return nil }
        if let address = local.address, let here = local.names.first(where: \.resolvesHere) {
            return .resolvesHere(name: here.name, address: address)
        }
        return .notHere(names: local.names.map(\.name), address: local.address)
    }

    /// The CA file's lone intermediate, when the file holds no self-signed root: a finding, with whether
    /// the server now presents another certificate of that name (by another key).
    static func caFileIntermediate(_ chain: PresentedChain) -> Finding? {
        let file = chain.caFileCertificates
        guard !file.isEmpty, !file.contains(where: \.isSelfIssued), let first = file.first else { return nil }
        let named = file.first { candidate in
            chain.certificates.dropFirst().contains { $0.subject == candidate.subject }
        }
        let replaced = named.map { own in
            chain.certificates.dropFirst().contains { $0.subject == own.subject && $0.spkiPin != own.spkiPin }
        }
        return .caFileHoldsIntermediate(subject: (named ?? first).subject, replaced: replaced ?? false)
    }

    static func changeOfAccepted(_ problems: [TrustProblem]) -> CertificateChange? {
        for case .certificateChanged(_, _, let change) in problems { return change }
        return nil
    }

    /// The stored trust as far as a decision shows it, for facts made without `judgedBy`.
    static func inferredTrust(_ problems: [TrustProblem]) -> ServerTrust {
        var trust = ServerTrust()
        for problem in problems {
            switch problem {
            case .pinMismatch(_, let pinned): trust.pins = pinned
            case .certificateChanged(let accepted, _, _): trust.accepted = accepted
            default: break
            }
        }
        return trust
    }
}

/// What to say about `--tls-name` when the leaf does not cover the host.
public enum TLSNameAdvice: Sendable, Hashable {
    /// `name` resolves here to `address`, the address connected: checking the certificate as that name
    /// is safe to offer (`TrustAdvice.Fix.checkAs` when it is all that is wrong).
    case resolvesHere(name: String, address: String)
    /// None of `names` resolves here to the address connected (`address`, when known): the user must
    /// make sure this address is that server; no ready-made command.
    case notHere(names: [String], address: String?)

    var resolvingName: String? {
        if case .resolvesHere(let name, _) = self { return name }
        return nil
    }
}

extension PresentedChain {
    /// Whether the chain verifies as a path with the presented certificate of key `pin` as its only
    /// anchor (`anchorVerifications`).
    public func anchorVerified(_ pin: SPKIPin) -> Bool {
        anchorVerifications.contains { $0.anchors == .presentedCertificate(pin) && $0.verified }
    }
}
