import RemissionModel

/// The trust policy of PRODUCT.md §2, as a pure function of the presented chain and the stored trust.
///
/// The rules are tried in order and the first that has something configured decides; a rule with
/// nothing configured defers to the next (`nil`):
/// 1. `PinnedKeyRule`: pins, when any are set, decide alone, even over a CA-valid chain: the leaf's key,
///    or a pinned key that is a trust anchor for the chain;
/// 2. `AcceptedCertificateRule`: the certificate accepted on first use, when there is one;
/// 3. `SystemValidationRule`: otherwise the chain must verify (system CAs plus the CA file) with the host
///    matching, or it is refused with every problem found.
///
/// A chain without a certificate is refused before any rule runs. The policy never changes the stored
/// trust: recording a decision is a separate, explicit step (`TrustStore.update`) the user asks for.
public struct TrustPolicy: Sendable, Equatable {
    public var trust: ServerTrust

    public init(trust: ServerTrust) {
        self.trust = trust
    }

    /// The decision for `chain` under `trust`.
    public static func evaluate(chain: PresentedChain, trust: ServerTrust) -> TrustDecision {
        TrustPolicy(trust: trust).evaluate(chain)
    }

    /// Whether the system CA store can decide for this server: only when neither pins nor an accepted
    /// certificate do (rules 1 and 2 decide alone). The transport reads the system bundle only then.
    public var consultsSystemStore: Bool { trust.pins.isEmpty && trust.accepted == nil }

    /// The keys whose presented certificates the transport must try as the only anchor
    /// (`PresentedChain.anchorVerifications`): the pinned ones.
    public var pinnedKeys: Set<SPKIPin> { Set(trust.pins) }

    public func evaluate(_ chain: PresentedChain) -> TrustDecision {
        guard let leaf = chain.leaf else { return .refused([.noCertificate]) }
        return PinnedKeyRule(pins: trust.pins).evaluate(chain, leaf: leaf)
            ?? AcceptedCertificateRule(accepted: trust.accepted).evaluate(chain, leaf: leaf)
            ?? SystemValidationRule(caFile: trust.caFile).evaluate(chain)
    }
}
