import RemissionSession
import RemissionTrust
import RemissionViews

/// ssh's question for an untrusted certificate: `yes`, `no`, or the fingerprint the user expects,
/// which must match the presented leaf. Returns normally only when the user agreed.
func askToTrust(_ leaf: CertificateFacts) throws {
    while true {
        switch TrustAnswer(Prompts.answer(ask(Prompts.trustCertificate)), leaf: leaf) {
        case .accept: return
        case .decline: throw Failure(.local(.certificateDeclined))
        case .unclear: printError(Prompts.trustCertificateAgain)
        case .mismatch(let typed):
            throw Failure(.local(.typedFingerprintMismatch(typed: typed, presented: leaf.fingerprint)))
        }
    }
}
