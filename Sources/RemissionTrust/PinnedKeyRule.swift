/// Rule 1 of PRODUCT.md §2: with pins set, the chain is trusted iff the SPKI SHA-256 of some certificate in
/// it (leaf, intermediate or root, as RFC 7469 says) is pinned.
///
/// "In the chain" means linked to the leaf, not merely sent: a server can append any public CA
/// certificate to its own self-signed leaf. So the leaf's key always counts (the handshake proves the
/// server holds it); an intermediate's or root's key counts only when it signed its way down to the leaf
/// and the leaf covers the host: a pinned CA vouches for the name, and issues certificates to others.
///
/// - Warning: Pins are enforced even when the system CAs trust the chain, so a CA-issued impostor is
///   refused. A match overrides every verification problem (CA, host name, dates); those are kept as notes,
///   never dropped.
struct PinnedKeyRule: Sendable {
    var pins: [SPKIPin]

    /// `nil` when no pin is set (the next rule decides).
    func evaluate(_ chain: PresentedChain) -> TrustDecision? {
        guard !pins.isEmpty else { return nil }
        let pinned = Set(pins)
        let presented = chain.certificates.map(\.spkiPin)
        let problems = orderedProblems(chain.problems)
        var candidates = Array(presented.prefix(1))
        if !chain.hasHostMismatch {
            candidates += presented.prefix(chain.signedPrefix).dropFirst() + chain.verifiedChainPins
        }

        guard let match = candidates.first(where: pinned.contains) else {
            return .refused([.pinMismatch(presented: presented, pinned: uniqued(pins))] + problems)
        }
        // RFC 7469 §4.3: a backup pin is one that is not in the current chain; without one, a new key
        // (a lost or compromised one) locks the user out.
        let hasBackup = !pinned.isSubset(of: Set(presented))
        return .trusted(.pinnedKey(match), notes: problems + (hasBackup ? [] : [.missingBackupPin]))
    }
}

/// `items` without repeats, first occurrence first.
func uniqued<Element: Hashable>(_ items: [Element]) -> [Element] {
    var seen = Set<Element>()
    return items.filter { seen.insert($0).inserted }
}
