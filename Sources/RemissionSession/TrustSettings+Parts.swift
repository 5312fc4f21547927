import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

extension TrustSettings {
    /// `trust forget --accepted|--ca-file|--pins` (after the command confirmed): those parts of the
    /// stored trust (`.all`: everything, as `forget` alone). Returns what was removed (`.none`: nothing
    /// of those parts was stored, and nothing changed).
    public func forget(_ subject: TrustSubject, parts: TrustParts) throws(Failure) -> ServerTrust {
        if parts == .all {
            let stored = try stored(subject)
            try forget(subject)
            return stored
        }
        do {
            return try context.trustStore.change(subject.serverIdentity) { trust -> ServerTrust in
                let kept = parts.removed(from: trust)
                let removed = TrustParts.all.subtracting(parts).removed(from: trust)
                trust = kept
                return removed
            }
        } catch {
            throw Failure(.local(.trustNotChanged(error)))
        }
    }
}

/// A key of a CA certificate the server presents, for `trust pin --issuer|--root`, chosen by signature
/// (`SignatureLinks`), never by name: a server can name any certificate after its leaf as its issuer.
public enum PresentedKey: Sendable, Equatable {
    /// The presented certificate whose key verifies the leaf's signature.
    case issuer
    /// The presented root the signature path from the leaf ends in (a self-signed certificate).
    case root

    /// This key's pin in `chain`, or why there is none: a self-signed leaf has no issuer, and many
    /// servers (Caddy always) do not send their root.
    public func pin(in chain: PresentedChain, _ subject: TrustSubject) throws(Failure) -> SPKIPin {
        guard let leaf = chain.leaf else {
            throw Failure(.local(.noCertificatePresented(authority: subject.endpoint.authority)))
        }
        let found =
            switch self {
            case .issuer: chain.leafIssuer.flatMap { $0.fingerprint == leaf.fingerprint ? nil : $0 }
            case .root: chain.signatureRoot
            }
        guard let found else {
            throw Failure(
                .local(.keyNotPresented(self, label: subject.label, leafSelfSigned: leaf.isSelfIssued)))
        }
        return found.spkiPin
    }

    /// Refuses a key taken from a chain the stored trust refused, unless the leaf's issuer (by signature)
    /// is the one recorded for the accepted certificate: otherwise nothing shows the chain comes from the
    /// same certificate authority, and an impostor would choose what is pinned. Nothing stored (first
    /// contact's way), or a trusted chain, takes any key.
    public func requireProven(
        in chain: PresentedChain, decision: TrustDecision, stored: ServerTrust, _ subject: TrustSubject
    ) throws(Failure) {
        guard !decision.isTrusted, !stored.pins.isEmpty || stored.accepted != nil || stored.caFile != nil
        else { return }
        let recorded = stored.accepted?.issuerKey
        if let recorded, stored.pins.isEmpty, chain.leafVerifies(under: recorded) { return }
        guard let presented = chain.leafIssuer?.spkiPin else { return }  // `pin(in:)` says it is missing
        throw Failure(
            .local(.presentedKeyUnproven(self, label: subject.label, presented: presented, recorded: recorded)))
    }
}
