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

/// A key of a CA certificate the server presents, for `trust pin --issuer|--root`.
public enum PresentedKey: Sendable, Equatable {
    /// The certificate that issued the presented leaf (by name, among the presented certificates).
    case issuer
    /// The presented chain's root: a self-issued certificate after the leaf.
    case root

    /// This key's pin in `chain`, or why there is none: a self-signed leaf has no issuer, and many
    /// servers (Caddy always) do not send their root.
    public func pin(in chain: PresentedChain, _ subject: TrustSubject) throws(Failure) -> SPKIPin {
        guard let leaf = chain.leaf else {
            throw Failure(.local(.noCertificatePresented(authority: subject.endpoint.authority)))
        }
        let cas = chain.certificates.dropFirst()
        let found =
            switch self {
            case .issuer: cas.first { $0.subject == leaf.issuer }
            case .root: cas.last.flatMap { $0.isSelfIssued ? $0 : nil }
            }
        guard let found else {
            throw Failure(
                .local(.keyNotPresented(self, label: subject.label, leafSelfSigned: leaf.isSelfIssued)))
        }
        return found.spkiPin
    }
}
