/// Rules 3 and 4 of PRODUCT.md §2: the chain is trusted iff it verified against the system CA store plus
/// the server's CA file and the host matched, i.e. verification found no problem; otherwise it is refused
/// with every problem found, not only the first or the last.
struct SystemValidationRule: Sendable {
    /// The server's CA file, if one is configured.
    var caFile: String?

    func evaluate(_ chain: PresentedChain) -> TrustDecision {
        guard chain.problems.isEmpty else { return .refused(orderedProblems(chain.problems)) }
        if chain.anchoredByCAFile, let caFile {
            return .trusted(.certificateAuthorityFile(path: caFile), notes: [])
        }
        return .trusted(.systemCertificateAuthorities, notes: [])
    }
}
