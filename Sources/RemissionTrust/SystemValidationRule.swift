/// Rules 3 and 4 of PRODUCT.md §2: the chain is trusted iff it verified against the system CA store plus
/// the server's CA file — OpenSSL succeeded and found no problem — and the leaf covers the host;
/// otherwise it is refused with every problem found, not only the first or the last.
struct SystemValidationRule: Sendable {
    /// The server's CA file, if one is configured.
    var caFile: String?

    func evaluate(_ chain: PresentedChain) -> TrustDecision {
        let verification = chain.storeVerification
        guard verification.verified, chain.hostCovered else {
            let problems = orderedProblems(chain.problems)
            // OpenSSL failed without naming a problem: still a refusal, with a reason.
            return .refused(
                problems.isEmpty ? [.verification(.other(code: 0, message: "verification failed"))] : problems)
        }
        if verification.anchoredByCAFile, let caFile {
            return .trusted(.certificateAuthorityFile(path: caFile), notes: [])
        }
        return .trusted(.systemCertificateAuthorities, notes: [])
    }
}
