/// Rule 1 of PRODUCT.md §2: with pins set, the chain is trusted iff
/// - the leaf's own key is pinned (the handshake proves the server holds it): this overrides every CA,
///   host and date problem, which are kept as notes; or
/// - a pinned key is a trust anchor for this chain: a presented certificate with that key, taken as the
///   only anchor, verifies the chain as a certification path (`AnchorVerification`: every issuer a CA
///   allowed to issue, the leaf fit for a TLS server; the profile rules only strict X.509 mode checks
///   are tolerated under this, the user's own anchor: `StrictCheck`) and the leaf covers the host; or
/// - the chain verified against the system store and CA file, the leaf covers the host, and a pinned
///   key is on that verified path (a pinned root the server does not send, found in the CA file).
///
/// A pinned key that merely signed its way down is not enough: anyone holding any certificate issued
/// under it (a client certificate, another device's leaf) could sign a leaf for this host.
///
/// - Warning: Pins are enforced even when the system CAs trust the chain, so a CA-issued impostor is
///   refused.
struct PinnedKeyRule: Sendable {
    var pins: [SPKIPin]

    /// `nil` when no pin is set (the next rule decides).
    func evaluate(_ chain: PresentedChain, leaf: CertificateFacts) -> TrustDecision? {
        guard !pins.isEmpty else { return nil }
        let pinned = Set(pins)
        let presented = chain.certificates.map(\.spkiPin)
        // RFC 7469 §4.3: a backup pin is one that is not in the current chain; without one, a new key
        // (a lost or compromised one) locks the user out.
        let backupNote: [TrustProblem] = pinned.isSubset(of: Set(presented)) ? [.missingBackupPin] : []

        if pinned.contains(leaf.spkiPin) {
            return .trusted(.pinnedKey(leaf.spkiPin), notes: orderedProblems(chain.problems) + backupNote)
        }
        let pinnedAnchors = chain.anchorVerifications.filter {
            if case .presentedCertificate(let key) = $0.anchors { return pinned.contains(key) }
            return false
        }
        if chain.hostCovered {
            if let anchor = pinnedAnchors.first(where: \.verified), case .presentedCertificate(let key) = anchor.anchors
            {
                return .trusted(.pinnedKey(key), notes: backupNote)
            }
            if chain.storeVerification.verified, let key = chain.storeVerification.path.first(where: pinned.contains) {
                return .trusted(.pinnedKey(key), notes: backupNote)
            }
        }
        let refusedAnchors: [TrustProblem] = pinnedAnchors.compactMap { verification in
            guard !verification.verified, case .presentedCertificate(let key) = verification.anchors else { return nil }
            let problems = orderedProblems(verification.problems).compactMap { problem -> VerificationProblem? in
                if case .verification(let inner) = problem { return inner }
                return nil
            }
            return .pinnedAnchorRefused(
                pin: key, problems: problems.isEmpty ? [.other(code: 0, message: "path not verified")] : problems)
        }
        return .refused(
            [.pinMismatch(presented: presented, pinned: uniqued(pins))] + refusedAnchors
                + orderedProblems(chain.problems))
    }
}

/// `items` without repeats, first occurrence first.
func uniqued<Element: Hashable>(_ items: [Element]) -> [Element] {
    var seen = Set<Element>()
    return items.filter { seen.insert($0).inserted }
}
