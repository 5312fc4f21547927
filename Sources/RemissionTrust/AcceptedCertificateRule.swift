/// Rule 2 of PRODUCT.md §2 (trust on first use): with an accepted certificate, the chain is trusted iff
/// the leaf's SHA-256 fingerprint equals the accepted one.
///
/// - Warning: A different leaf is a hard failure (`certificateChanged`), as ssh treats a changed host key:
///   not a prompt, and never an implicit replacement of what the user accepted.
struct AcceptedCertificateRule: Sendable {
    var accepted: AcceptedCertificate?

    /// `nil` when nothing was accepted (the next rule decides).
    func evaluate(_ chain: PresentedChain, leaf: CertificateFacts) -> TrustDecision? {
        guard let accepted else { return nil }
        let problems = orderedProblems(chain.problems)
        guard leaf.fingerprint == accepted.fingerprint else {
            let change = CertificateChange.between(accepted, chain)
            return .refused([.certificateChanged(accepted: accepted, presented: leaf, change: change)] + problems)
        }
        return .trusted(.acceptedCertificate(accepted.fingerprint), notes: problems)
    }
}
